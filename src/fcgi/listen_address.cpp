#include "fcgi/listen_address.hpp"

#include <netdb.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

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
  return "";  // a socket left by a server that is gone: open_listening_socket replaces it
}

namespace {

constexpr int kBacklog = 128;

int listen_on_path(const std::string& path, std::string& problem) {
  problem = check_listen_path(path);
  if (!problem.empty()) return -1;
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path.size() >= sizeof address.sun_path) {
    problem = "the path is longer than a socket's path may be (107 bytes)";
    return -1;
  }
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  const int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    problem = std::strerror(errno);
    return -1;
  }
  unlink(path.c_str());  // a stale socket (check_listen_path allowed nothing else)
  if (bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      listen(fd, kBacklog) != 0) {
    problem = std::strerror(errno);
    close(fd);
    return -1;
  }
  return fd;
}

int listen_on_port(const std::string& listen_address, std::string& problem) {
  const std::size_t colon = listen_address.rfind(':');
  std::string host = listen_address.substr(0, colon);
  const std::string port = listen_address.substr(colon + 1);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  if (port.empty() || port.size() > 5 ||
      port.find_first_not_of("0123456789") != std::string::npos || std::stoi(port) < 1 ||
      std::stoi(port) > 65535) {
    problem = "the port must be a number from 1 to 65535";
    return -1;
  }
  addrinfo hints{};
  hints.ai_family = host.empty() ? AF_INET : AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (const int failed =
          getaddrinfo(host.empty() ? nullptr : host.c_str(), port.c_str(), &hints, &found);
      failed != 0) {
    problem = gai_strerror(failed);
    return -1;
  }
  const std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> owned(found, freeaddrinfo);
  for (const addrinfo* a = found; a != nullptr; a = a->ai_next) {
    const int fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    const int on = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);  // a restart within TIME_WAIT
    if (bind(fd, a->ai_addr, a->ai_addrlen) == 0 && listen(fd, kBacklog) == 0) return fd;
    problem = std::strerror(errno);
    close(fd);
  }
  if (problem.empty()) problem = "no address to listen on";
  return -1;
}

}  // namespace

int open_listening_socket(const std::string& listen_address, std::string& problem) {
  problem.clear();
  return is_socket_path(listen_address) ? listen_on_path(listen_address, problem)
                                        : listen_on_port(listen_address, problem);
}

bool is_listening_socket(int fd) {
  int listening = 0;
  socklen_t size = sizeof listening;
  return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0 && listening != 0;
}

}  // namespace slidegif::fcgi
