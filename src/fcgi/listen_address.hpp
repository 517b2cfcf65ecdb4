#pragma once
// `--listen ADDRESS`: a Unix socket path, or [HOST]:PORT. The socket is made here; a path is
// checked first, as making a socket there removes whatever is at it: a mistyped path would
// replace a file, and a second server would take a live socket from the first, which then
// waits for connections that never come.
//
//   std::string problem;
//   const int fd = open_listening_socket("/run/slidegif/fcgi-1.sock", problem);
//   if (fd < 0) ...  // refuse to start: "cannot listen on ADDRESS: " + problem

#include <string>

namespace slidegif::fcgi {

// True for the addresses that are socket paths (no ':', which a TCP address has).
bool is_socket_path(const std::string& listen);

// "" when a socket may be made at `path`: nothing is there, or a socket nobody listens on (left
// by a server that died). Otherwise why not, in the operator's terms ("it exists and ...").
std::string check_listen_path(const std::string& path);

// A listening socket (close-on-exec) at `listen`: a path (checked by check_listen_path; a stale
// socket is replaced), HOST:PORT, [IPV6]:PORT or :PORT (every IPv4 address). -1 with `problem`
// set when it cannot be made.
int open_listening_socket(const std::string& listen, std::string& problem);

// True when `fd` is a socket that listens (what spawn-fcgi and systemd hand a FastCGI server).
bool is_listening_socket(int fd);

}  // namespace slidegif::fcgi
