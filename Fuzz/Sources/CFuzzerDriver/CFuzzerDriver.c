// Declarations only; libFuzzer itself is linked by -sanitize=fuzzer.
#include "CFuzzerDriver.h"
