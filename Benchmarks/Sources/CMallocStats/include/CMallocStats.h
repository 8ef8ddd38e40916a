#include <stddef.h>

/// Bytes currently allocated through malloc in this process (glibc's mallinfo2).
size_t malloc_bytes_in_use(void);
