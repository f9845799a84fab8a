#define _GNU_SOURCE
#include "CThreadPlacement.h"

#ifdef __linux__
#include <dirent.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

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

int ctp_get_cpus(int *cpus, int capacity) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && count < capacity; cpu++) {
        if (CPU_ISSET(cpu, &set)) cpus[count++] = cpu;
    }
    return count;
}

int ctp_set_cpus(const int *cpus, int count) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int i = 0; i < count; i++) {
        if (cpus[i] < 0 || cpus[i] >= CPU_SETSIZE) return -1;
        CPU_SET(cpus[i], &set);
    }
    if (CPU_COUNT(&set) == 0) return -1;
    return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : -1;
}

int ctp_current_cpu(void) { return sched_getcpu(); }

int ctp_move_other_threads(int cpu, const int *others, int count) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return -1;
    cpu_set_t fallback;
    CPU_ZERO(&fallback);
    for (int i = 0; i < count; i++) {
        if (others[i] >= 0 && others[i] < CPU_SETSIZE && others[i] != cpu) CPU_SET(others[i], &fallback);
    }
    if (CPU_COUNT(&fallback) == 0) return -1;
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    pid_t self = (pid_t)syscall(SYS_gettid);
    int moved = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) {
        char *end;
        long tid = strtol(entry->d_name, &end, 10);
        if (*end != '\0' || tid <= 0 || tid == self) continue;
        cpu_set_t set;
        CPU_ZERO(&set);
        if (sched_getaffinity((pid_t)tid, sizeof set, &set) != 0 || !CPU_ISSET(cpu, &set)) continue;
        CPU_CLR(cpu, &set);
        if (CPU_COUNT(&set) == 0) set = fallback;
        if (sched_setaffinity((pid_t)tid, sizeof set, &set) == 0) moved++;
    }
    closedir(tasks);
    return moved;
}
#else
int ctp_leave_first_cpu(void) { return -1; }
int ctp_get_cpus(int *cpus, int capacity) { (void)cpus; (void)capacity; return -1; }
int ctp_set_cpus(const int *cpus, int count) { (void)cpus; (void)count; return -1; }
int ctp_current_cpu(void) { return -1; }
int ctp_move_other_threads(int cpu, const int *others, int count) { (void)cpu; (void)others; (void)count; return -1; }
#endif
