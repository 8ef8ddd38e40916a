#define _GNU_SOURCE
#include "CPlugboard.h"

#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int pb_sealed_copy(int descriptor, const char *name) {
  // The kernel takes names of up to 249 bytes: a longer path keeps its end, the file's name.
  size_t length = strlen(name);
  int copy = memfd_create(length > 249 ? name + length - 249 : name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (copy < 0) return -1;
  char buffer[1 << 16];
  off_t offset = 0;
  for (;;) {
    ssize_t count = pread(descriptor, buffer, sizeof buffer, offset);
    if (count < 0) goto failed;
    if (count == 0) break;
    for (ssize_t written = 0; written < count;) {
      ssize_t more = write(copy, buffer + written, (size_t)(count - written));
      if (more < 0) goto failed;
      written += more;
    }
    offset += count;
  }
  if (fcntl(copy, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) goto failed;
  return copy;
failed:
  close(copy);
  return -1;
}
