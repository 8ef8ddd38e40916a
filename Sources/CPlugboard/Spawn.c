#define _GNU_SOURCE
#include "CPlugboard.h"

#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

int pb_spawn_close_from(void *_Nonnull actions, int lowest) {
  return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
}

int pb_pipe_closed_on_exec(int ends[_Nonnull 2]) {
  return pipe2(ends, O_CLOEXEC);
}
