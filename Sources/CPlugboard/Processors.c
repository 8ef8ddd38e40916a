#define _GNU_SOURCE
#include "CPlugboard.h"

#include <sched.h>

int pb_available_processors(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return 1;
  int count = CPU_COUNT(&set);
  return count > 0 ? count : 1;
}
