#ifndef CTHREADPLACEMENT_H
#define CTHREADPLACEMENT_H

// Where a thread may run (Linux's CPU affinity), which Glibc's Swift module leaves out: its calls need
// _GNU_SOURCE.

// Takes the lowest-numbered CPU the calling thread may run on out of the CPUs it may run on, when it may
// run on two or more, and returns that CPU; returns -1 and changes nothing otherwise (one CPU, a failed
// call, not Linux).
int ctp_leave_first_cpu(void);

#endif
