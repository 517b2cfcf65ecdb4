#pragma once
// `--listen PATH`: libfcgi removes whatever is at PATH before it binds a socket there, so a
// mistyped path would replace a file, and a second server would take a live socket from the
// first, which then waits for connections that never come. Checked before it is called.
//
//   if (std::string problem = check_listen_path("/run/slidegif/fcgi-1.sock"); !problem.empty())
//     ...  // refuse to start: "cannot listen on PATH: " + problem

#include <string>

namespace slidegif::fcgi {

// True for the addresses libfcgi reads as a socket path (no ':', which a TCP address has).
bool is_socket_path(const std::string& listen);

// "" when a socket may be made at `path`: nothing is there, or a socket nobody listens on (left
// by a server that died). Otherwise why not, in the operator's terms ("it exists and ...").
std::string check_listen_path(const std::string& path);

}  // namespace slidegif::fcgi
