#include "fcgi/listen_path.hpp"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace slidegif::fcgi {
namespace {

// Whether a server accepts connections on the socket at `path` (connect() succeeds, or would
// but for a full queue); a socket whose server is gone refuses the connection.
bool someone_listens(const std::string& path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path.size() >= sizeof address.sun_path) return false;  // bind() will say it is too long
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  const int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) return false;
  const int connected = connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
  const bool live = connected == 0 || errno == EAGAIN || errno == EINPROGRESS;
  close(fd);
  return live;
}

}  // namespace

bool is_socket_path(const std::string& listen) {
  return listen.find(':') == std::string::npos;
}

std::string check_listen_path(const std::string& path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) return "";  // nothing there (or bind() will say why)
  if (!S_ISSOCK(st.st_mode)) {
    return "it exists and is not a socket; it is left alone (remove it, or name another path)";
  }
  if (someone_listens(path)) {
    return "another server is listening on it; it is left alone (stop that server first)";
  }
  return "";  // a socket left by a server that is gone: libfcgi replaces it
}

}  // namespace slidegif::fcgi
