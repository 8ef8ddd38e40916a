#include "CMallocStats.h"
#include <malloc.h>

size_t malloc_bytes_in_use(void) { return mallinfo2().uordblks; }
