// combineprobe-shards merge <directory> [--junit <file>]: merges the result
// files of sharded explorations (see ShardCommand, in CombineProbeShards).
import CombineProbeShards
import Foundation

let (output, error, status) = ShardCommand.run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(output.utf8))
FileHandle.standardError.write(Data(error.utf8))
exit(status)
