"""Tests of .ci/xcode-destinations.sh, with a fake xcodebuild: the deployment-targets job
of .github/workflows/ci.yml runs it on macOS, which this machine is not.

The sample outputs follow the format of `xcodebuild -showdestinations` (an "Available
destinations" list, then an "Ineligible destinations" list, one `{ key:value, … }` per
destination), as Xcode 16 prints it when the visionOS platform is not installed.

Run from the repository's root: python3 -m unittest discover -s scripts/tests
"""
import os
import pathlib
import stat
import subprocess
import tempfile
import textwrap
import unittest

REPO = pathlib.Path(__file__).resolve().parent.parent.parent
SCRIPT = REPO / ".ci" / "xcode-destinations.sh"

# Xcode 16.0 on an image without its visionOS platform.
WITHOUT_VISIONOS = textwrap.dedent("""\
    Command line invocation:
        /Applications/Xcode_16.0.app/Contents/Developer/usr/bin/xcodebuild -showdestinations -scheme CombineProbe

    Resolve Package Graph


    Resolved source packages:
      CombineProbe: /Users/runner/work/CombineProbe/CombineProbe


    \tAvailable destinations for the "CombineProbe" scheme:
    \t\t{ platform:macOS, arch:arm64, id:0000FE00-1234ABCD5678EF90, name:My Mac }
    \t\t{ platform:macOS, arch:arm64, variant:Mac Catalyst, id:0000FE00-1234ABCD5678EF90, name:My Mac }
    \t\t{ platform:iOS, id:dvtdevice-DVTiPhonePlaceholder-iphoneos:placeholder, name:Any iOS Device }
    \t\t{ platform:iOS Simulator, id:dvtdevice-DVTiOSDeviceSimulatorPlaceholder-iphonesimulator:placeholder, name:Any iOS Simulator Device }
    \t\t{ platform:macOS, name:Any Mac }
    \t\t{ platform:tvOS, id:dvtdevice-DVTiOSDevicePlaceholder-appletvos:placeholder, name:Any tvOS Device }
    \t\t{ platform:watchOS, id:dvtdevice-DVTiOSDevicePlaceholder-watchos:placeholder, name:Any watchOS Device }
    \t\t{ platform:visionOS Simulator, id:11112222-3333-4444-5555-666677778888, OS:2.0, name:Apple Vision Pro }

    \tIneligible destinations for the "CombineProbe" scheme:
    \t\t{ platform:visionOS, id:dvtdevice-DVTiOSDevicePlaceholder-xros:placeholder, name:Any visionOS Device, error:visionOS 2.0 is not installed. To use with Xcode, first download and install the platform }
    """)

# Every platform there; visionOS spelled xrOS, as early Xcode 15 releases did.
EVERY_PLATFORM = textwrap.dedent("""\
    \tAvailable destinations for the "CombineProbeTests" scheme:
    \t\t{ platform:macOS, arch:x86_64, id:0000FE00-1234ABCD5678EF90, name:My Mac }
    \t\t{ platform:iOS, id:dvtdevice-DVTiPhonePlaceholder-iphoneos:placeholder, name:Any iOS Device }
    \t\t{ platform:tvOS, id:dvtdevice-DVTiOSDevicePlaceholder-appletvos:placeholder, name:Any tvOS Device }
    \t\t{ platform:watchOS, id:dvtdevice-DVTiOSDevicePlaceholder-watchos:placeholder, name:Any watchOS Device }
    \t\t{ platform:xrOS, id:dvtdevice-DVTiOSDevicePlaceholder-xros:placeholder, name:Any xrOS Device }
    """)

# Only simulators and a Catalyst Mac: no generic device of any platform.
SIMULATORS_ONLY = textwrap.dedent("""\
    \tAvailable destinations for the "CombineProbe" scheme:
    \t\t{ platform:macOS, arch:arm64, variant:Mac Catalyst, id:0000FE00-1234ABCD5678EF90, name:My Mac }
    \t\t{ platform:iOS Simulator, id:AAAA0000-BBBB-CCCC-DDDD-EEEEFFFF0000, OS:18.0, name:iPhone 16 }
    \t\t{ platform:tvOS Simulator, id:AAAA0000-BBBB-CCCC-DDDD-EEEEFFFF0001, OS:18.0, name:Apple TV }
    """)


class XcodeDestinationsTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.directory.name)
        self.bin = self.root / "bin"
        self.bin.mkdir()

    def tearDown(self):
        self.directory.cleanup()

    def fake_xcodebuild(self, destinations, status=0):
        """An xcodebuild on PATH that prints Xcode 16.0's version and `destinations`."""
        (self.root / "destinations.txt").write_text(destinations)
        tool = self.bin / "xcodebuild"
        tool.write_text(textwrap.dedent(f"""\
            #!/usr/bin/env bash
            case "$1" in
                -version) printf 'Xcode 16.0\\nBuild version 16A242d\\n' ;;
                -showdestinations) cat "{self.root / 'destinations.txt'}"; exit {status} ;;
                *) echo "unexpected: $*" >&2; exit 64 ;;
            esac
            """))
        tool.chmod(tool.stat().st_mode | stat.S_IEXEC)

    def run_script(self, *arguments, stdin=None):
        env = dict(os.environ, PATH=f"{self.bin}{os.pathsep}{os.environ['PATH']}")
        return subprocess.run(["bash", str(SCRIPT), *arguments], input=stdin, capture_output=True,
                              text=True, env=env, cwd=self.root)

    def saved(self, text, name="saved.txt"):
        path = self.root / name
        path.write_text(text)
        return str(path)

    # The parser.

    def test_status_of_each_platform(self):
        statuses = {platform: self.run_script("status", platform, stdin=WITHOUT_VISIONOS).stdout.strip()
                    for platform in ("macOS", "iOS", "tvOS", "watchOS", "visionOS")}
        self.assertEqual(statuses, {
            "macOS": "available", "iOS": "available", "tvOS": "available", "watchOS": "available",
            "visionOS": "ineligible: visionOS 2.0 is not installed. To use with Xcode, "
                        "first download and install the platform"})

    def test_xros_is_visionos(self):
        self.assertEqual(self.run_script("status", "visionOS", stdin=EVERY_PLATFORM).stdout.strip(), "available")

    def test_a_simulator_or_a_variant_is_no_generic_device(self):
        for platform in ("macOS", "iOS", "tvOS", "watchOS", "visionOS"):
            self.assertEqual(self.run_script("status", platform, stdin=SIMULATORS_ONLY).stdout.strip(),
                             "missing", platform)

    def test_available_lists_the_platforms_to_build(self):
        result = self.run_script("available", self.saved(WITHOUT_VISIONOS), "iOS", "tvOS", "watchOS", "visionOS")
        self.assertEqual((result.returncode, result.stdout.split()), (0, ["iOS", "tvOS", "watchOS"]))

    # The steps of the job.

    def test_show_prints_and_saves_the_destinations(self):
        self.fake_xcodebuild(WITHOUT_VISIONOS)
        result = self.run_script("show", "CombineProbe", str(self.root / "library.txt"))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("::group::xcodebuild -showdestinations -scheme CombineProbe", result.stdout)
        self.assertIn("name:Any visionOS Device, error:visionOS 2.0 is not installed", result.stdout)
        self.assertEqual((self.root / "library.txt").read_text(), WITHOUT_VISIONOS)

    def test_show_fails_when_xcodebuild_fails(self):
        self.fake_xcodebuild('xcodebuild: error: The workspace named "X" does not contain a scheme named "Y".\n',
                             status=65)
        result = self.run_script("show", "Y", str(self.root / "library.txt"))
        self.assertEqual(result.returncode, 1)
        self.assertIn("::error title=xcodebuild -showdestinations failed::xcodebuild -showdestinations "
                      "-scheme Y failed (status 65) with Xcode 16.0", result.stdout)

    def test_check_passes_for_an_installed_platform(self):
        self.fake_xcodebuild(WITHOUT_VISIONOS)
        result = self.run_script("check", "watchOS", self.saved(WITHOUT_VISIONOS), self.saved(EVERY_PLATFORM, "t.txt"))
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertEqual(result.stdout.strip(), "watchOS: generic/platform=watchOS is available with Xcode 16.0")

    def test_check_names_a_missing_platform_its_cause_and_the_fix(self):
        self.fake_xcodebuild(WITHOUT_VISIONOS)
        result = self.run_script("check", "visionOS", self.saved(EVERY_PLATFORM, "t.txt"), self.saved(WITHOUT_VISIONOS))
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout.strip(),
                         "::error title=visionOS platform not installed::visionOS platform not installed in "
                         "Xcode 16.0 on this runner (xcodebuild: visionOS 2.0 is not installed. To use with "
                         "Xcode, first download and install the platform). Install it in a step before the "
                         "build with `xcodebuild -downloadPlatform visionOS`, or pick an image whose Xcode has "
                         "it (https://github.com/actions/runner-images). The other platforms are still built.")

    def test_check_names_a_platform_that_xcodebuild_does_not_list(self):
        self.fake_xcodebuild(SIMULATORS_ONLY)
        result = self.run_script("check", "tvOS", self.saved(SIMULATORS_ONLY))
        self.assertEqual(result.returncode, 1)
        self.assertIn("tvOS platform not installed in Xcode 16.0 on this runner "
                      "(xcodebuild lists no generic tvOS destination)", result.stdout)


if __name__ == "__main__":
    unittest.main()
