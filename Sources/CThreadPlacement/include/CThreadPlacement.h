#ifndef CTHREADPLACEMENT_H
#define CTHREADPLACEMENT_H

// Where a thread may run (Linux's CPU affinity), which Glibc's Swift module leaves out: its calls need
// _GNU_SOURCE.

// Takes the lowest-numbered CPU the calling thread may run on out of the CPUs it may run on, when it may
// run on two or more, and returns that CPU; returns -1 and changes nothing otherwise (one CPU, a failed
// call, not Linux).
int ctp_leave_first_cpu(void);

// Asks that the calling thread, under its own policy and nice value, run at most `nanoseconds` at a time
// before the scheduler picks again (Linux 6.12+: a fair thread's custom slice, `sched_attr.sched_runtime`,
// 0.1–100 ms; an older kernel keeps its own). Returns the slice read back in nanoseconds (0: the kernel's
// default), or -1 when the calls failed or this is not Linux.
long long ctp_set_slice(unsigned long long nanoseconds);

#endif
