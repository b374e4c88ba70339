/* clock.c: the monotonic clock that limits and the REPL's live mode read. */
#include <time.h>
#include "navlua_system.h"

double navlua_monotonic(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
