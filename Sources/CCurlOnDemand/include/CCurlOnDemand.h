#ifndef CCURLONDEMAND_H
#define CCURLONDEMAND_H

// Nothing to call: the target defines the libcurl functions static Foundation's URLSession calls, each
// loading libcurl on the first call (CCurlOnDemand.c). An executable that depends on it links no libcurl.

#endif
