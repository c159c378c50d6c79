// The stand-in's lock: the three-state futex mutex (0 unlocked, 1 locked,
// 2 locked with waiters). See include/os_unfair_lock_stand_in.h.
#include "os_unfair_lock_stand_in.h"

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

static void wait_while_contended(uint32_t *word) {
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
}

static void wake_one(uint32_t *word) {
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

void os_unfair_lock_lock(os_unfair_lock_t lock) {
    uint32_t *word = &lock->_os_unfair_lock_opaque;
    uint32_t expected = 0;
    if (__atomic_compare_exchange_n(word, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        return;
    }
    // Contended: mark it so, and sleep until the holder wakes a waiter.
    while (__atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE) != 0) {
        wait_while_contended(word);
    }
}

void os_unfair_lock_unlock(os_unfair_lock_t lock) {
    uint32_t *word = &lock->_os_unfair_lock_opaque;
    if (__atomic_exchange_n(word, 0, __ATOMIC_RELEASE) == 2) {
        wake_one(word);
    }
}
