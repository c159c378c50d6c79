// A module named os, for Linux: a stand-in for the os_unfair_lock API of
// Apple's os/lock.h, with Apple's names and signatures, so that the
// os_unfair_lock branch of Sources/CombineProbe/Support/Lock.swift
// (`#if canImport(os)`) compiles and runs in the Combine-shim lane. It is a
// futex-based mutex, not Apple's lock: it neither checks the owner nor
// donates priority.
#ifndef COMBINEPROBE_OS_UNFAIR_LOCK_STAND_IN_H
#define COMBINEPROBE_OS_UNFAIR_LOCK_STAND_IN_H

#include <stdint.h>

/// Apple's lock type: a 32-bit word, zero when unlocked (os_unfair_lock()
/// in Swift, OS_UNFAIR_LOCK_INIT in C).
typedef struct os_unfair_lock_s {
    uint32_t _os_unfair_lock_opaque;
} os_unfair_lock, *os_unfair_lock_t;

/// Locks `lock`, waiting for it when another thread holds it.
void os_unfair_lock_lock(os_unfair_lock_t lock);

/// Unlocks `lock`, which the calling thread holds.
void os_unfair_lock_unlock(os_unfair_lock_t lock);

#endif
