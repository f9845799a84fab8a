#define _GNU_SOURCE
#include "CThreadPlacement.h"

#ifdef __linux__
#include <sched.h>

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
#endif
