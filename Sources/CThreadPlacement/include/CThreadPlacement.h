#ifndef CTHREADPLACEMENT_H
#define CTHREADPLACEMENT_H

// Where a thread may run (Linux's CPU affinity), which Glibc's Swift module leaves out: its calls need
// _GNU_SOURCE.

// Takes the lowest-numbered CPU the calling thread may run on out of the CPUs it may run on, when it may
// run on two or more, and returns that CPU; returns -1 and changes nothing otherwise (one CPU, a failed
// call, not Linux).
int ctp_leave_first_cpu(void);

// Writes the CPUs the calling thread may run on, ascending, to `cpus` (at most `capacity`) and returns how many;
// -1 on a failed call or not Linux.
int ctp_get_cpus(int *cpus, int capacity);

// Lets the calling thread run on the `count` CPUs of `cpus` only; returns 0, or -1 and changes nothing (no CPU
// given, one out of range, a failed call, not Linux).
int ctp_set_cpus(const int *cpus, int count);

// The CPU the calling thread is running on now; -1 when not known.
int ctp_current_cpu(void);

// Takes `cpu` out of the CPUs each other thread of the process may run on (those left with none get the
// `count` CPUs of `others`, less `cpu`); returns how many threads were moved, -1 when it could not look
// (a CPU out of range, no other CPU given, no /proc, not Linux).
int ctp_move_other_threads(int cpu, const int *others, int count);

#endif
