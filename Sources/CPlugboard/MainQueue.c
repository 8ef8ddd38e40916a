#define _GNU_SOURCE
#include "CPlugboard.h"

#include <sys/eventfd.h>
#include <unistd.h>

// Dispatch's own entry points for a run loop on the main thread, as CoreFoundation's run loop
// uses them: a descriptor that becomes readable when the main queue has work, and the drain.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *_Nullable unused);

int pb_main_queue_descriptor(void) {
  return _dispatch_get_main_queue_handle_4CF();
}

void pb_drain_main_queue(void) {
  eventfd_t count;
  // Read before draining: work the drain queues makes the descriptor readable again.
  (void)eventfd_read(_dispatch_get_main_queue_handle_4CF(), &count);
  _dispatch_main_queue_callback_4CF(0);
}

bool pb_is_main_thread(void) {
  return gettid() == getpid();
}
