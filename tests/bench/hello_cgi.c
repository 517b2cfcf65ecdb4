/* The cheapest possible CGI program: scripts/bench measures it under the same lighttpd as
 * slidegif.cgi, so its requests/s is the process-spawn ceiling of the machine. */
#include <stdio.h>

int main(void) {
  fputs("Status: 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 6\r\n\r\nhello\n", stdout);
  return 0;
}
