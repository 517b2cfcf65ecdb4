/* A CGI that does no work: it answers with the bytes of one file (ANSWER_FILE, given when it is
 * compiled), a GIF that slidegif.cgi drew. scripts/bench measures it under the same lighttpd as
 * slidegif.cgi: what moving an answer of that size costs the server and the kernel, which no
 * work saved inside slidegif.cgi can win back. */
#include <stdio.h>

int main(void) {
  static char gif[4 << 20];
  FILE* f = fopen(ANSWER_FILE, "rb");
  if (f == NULL) return 1;
  const size_t n = fread(gif, 1, sizeof gif, f);
  fclose(f);
  printf("Status: 200 OK\r\nContent-Type: image/gif\r\nContent-Length: %zu\r\n\r\n", n);
  fwrite(gif, 1, n, stdout);
  return 0;
}
