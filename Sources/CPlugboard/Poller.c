#define _GNU_SOURCE
#include "CPlugboard.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

int pb_poller_create(void) {
  return epoll_create1(EPOLL_CLOEXEC);
}

int pb_poller_watch(int poller, int descriptor, uint64_t token, int again) {
  // One event per arming: the handler, or whoever reads the descriptor meanwhile, arms it again.
  struct epoll_event event = {.events = EPOLLIN | EPOLLONESHOT, .data.u64 = token};
  return epoll_ctl(poller, again ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, descriptor, &event);
}

int pb_poller_forget(int poller, int descriptor) {
  return epoll_ctl(poller, EPOLL_CTL_DEL, descriptor, NULL);
}

int pb_poller_wait(int poller, uint64_t tokens[_Nonnull], int most, int milliseconds) {
  struct epoll_event events[64];
  if (most > 64) most = 64;
  int count = epoll_wait(poller, events, most, milliseconds);
  if (count < 0) return errno == EINTR ? 0 : -1;
  for (int index = 0; index < count; index++) tokens[index] = events[index].data.u64;
  return count;
}

int pb_wake_descriptor(void) {
  return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

void pb_wake(int descriptor) {
  uint64_t one = 1;
  while (write(descriptor, &one, sizeof one) < 0 && errno == EINTR) {
  }
}

void pb_woken(int descriptor) {
  uint64_t count;
  while (read(descriptor, &count, sizeof count) < 0 && errno == EINTR) {
  }
}

int pb_set_nonblocking(int descriptor) {
  int flags = fcntl(descriptor, F_GETFL);
  if (flags < 0) return -1;
  return fcntl(descriptor, F_SETFL, flags | O_NONBLOCK);
}
