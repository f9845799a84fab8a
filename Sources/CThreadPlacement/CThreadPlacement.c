#define _GNU_SOURCE
#include "CThreadPlacement.h"

#ifdef __linux__
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

// The kernel's `struct sched_attr` (<linux/sched/types.h>; glibc has no wrapper for its calls).
struct ctp_sched_attr {
    uint32_t size, sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime, sched_deadline, sched_period;
    uint32_t sched_util_min, sched_util_max;
};

long long ctp_set_slice(unsigned long long nanoseconds) {
    struct ctp_sched_attr attr;
    memset(&attr, 0, sizeof attr);
    if (syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0) != 0) return -1;
    attr.size = sizeof attr;
    attr.sched_flags = 0;
    attr.sched_runtime = nanoseconds;
    if (syscall(SYS_sched_setattr, 0, &attr, 0) != 0) return -1;
    memset(&attr, 0, sizeof attr);
    if (syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0) != 0) return -1;
    return (long long)attr.sched_runtime;
}

int ctp_leave_first_cpu(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) < 2) return -1;
    int first = -1;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (CPU_ISSET(cpu, &set)) { first = cpu; break; }
    }
    if (first < 0) return -1;
    CPU_CLR(first, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0 ? first : -1;
}
#else
int ctp_leave_first_cpu(void) { return -1; }
long long ctp_set_slice(unsigned long long nanoseconds) { (void)nanoseconds; return -1; }
#endif
