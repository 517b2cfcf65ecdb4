// `--listen PATH` makes a socket only where nothing is, or a socket nobody listens on: a file
// or a live server's socket is left alone, and slidegif.fcgi refuses to start, saying why.
#include "fcgi/listen_address.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <string>

#include "run_binary.hpp"

namespace slidegif::fcgi {
namespace {

// A Unix socket bound at `path`, listening or not; closed (its file left) when it goes.
class BoundSocket {
 public:
  BoundSocket(const std::string& path, bool listening) : fd_(socket(AF_UNIX, SOCK_STREAM, 0)) {
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
    EXPECT_EQ(bind(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
    if (listening) {
      EXPECT_EQ(listen(fd_, 4), 0);
    }
  }
  ~BoundSocket() { close(fd_); }
  BoundSocket(const BoundSocket&) = delete;
  BoundSocket& operator=(const BoundSocket&) = delete;

 private:
  int fd_;
};

std::string contents(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(ListenPath, TcpAddressesAreNotPaths) {
  EXPECT_FALSE(is_socket_path("127.0.0.1:9000"));
  EXPECT_FALSE(is_socket_path(":9000"));
  EXPECT_TRUE(is_socket_path("/run/slidegif/fcgi-1.sock"));
  EXPECT_TRUE(is_socket_path("fcgi.sock"));
}

TEST(ListenPath, NothingThereOrAStaleSocketMayBeTaken) {
  const testing::TempDir dir;
  EXPECT_EQ(check_listen_path(dir.file("new.sock")), "");
  { const BoundSocket left(dir.file("stale.sock"), false); }  // its server is gone
  struct stat st {};
  ASSERT_EQ(lstat(dir.file("stale.sock").c_str(), &st), 0);
  EXPECT_EQ(check_listen_path(dir.file("stale.sock")), "");
}

TEST(ListenPath, AFileOrALiveSocketIsLeftAlone) {
  const testing::TempDir dir;
  std::ofstream(dir.file("notes.txt")) << "keep me\n";
  EXPECT_NE(check_listen_path(dir.file("notes.txt")).find("not a socket"), std::string::npos);
  EXPECT_NE(check_listen_path(dir.path()).find("not a socket"), std::string::npos);
  const BoundSocket live(dir.file("live.sock"), true);
  EXPECT_NE(check_listen_path(dir.file("live.sock")).find("another server is listening"),
            std::string::npos);
}

TEST(ListenAddress, SocketsAreMadeAtPathsAndPorts) {
  const testing::TempDir dir;
  std::string problem;
  { const BoundSocket left(dir.file("stale.sock"), false); }
  const int at_path = open_listening_socket(dir.file("stale.sock"), problem);
  ASSERT_GE(at_path, 0) << problem;
  EXPECT_TRUE(is_listening_socket(at_path));
  close(at_path);
  const int at_port = open_listening_socket("127.0.0.1:0", problem);
  EXPECT_EQ(at_port, -1);
  EXPECT_EQ(problem, "the port must be a number from 1 to 65535");
  EXPECT_EQ(open_listening_socket("localhost:http", problem), -1);
  EXPECT_EQ(problem, "the port must be a number from 1 to 65535");
  EXPECT_EQ(open_listening_socket("no.such.host.invalid:9000", problem), -1);
  EXPECT_FALSE(problem.empty());
  EXPECT_EQ(open_listening_socket(dir.file("notes") + std::string(120, 'x'), problem), -1);
  EXPECT_NE(problem.find("longer than"), std::string::npos) << problem;
  EXPECT_FALSE(is_listening_socket(1000));  // not open at all
}

TEST(ListenPath, TheServerRefusesToStartAndReplacesNothing) {
  const testing::TempDir dir;
  const std::string server = std::string(SLIDEGIF_PROGRAM_DIR) + "/slidegif.fcgi";
  std::ofstream(dir.file("notes.txt")) << "keep me\n";
  // Under timeout(1): a server that took the path would serve on (exit 124).
  auto r =
      testing::run_binary({"/usr/bin/timeout", "10", server, "--listen", dir.file("notes.txt")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot listen on " + dir.file("notes.txt") +
                       ": it exists and is not a "
                       "socket"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(contents(dir.file("notes.txt")), "keep me\n");

  const BoundSocket live(dir.file("live.sock"), true);
  r = testing::run_binary({"/usr/bin/timeout", "10", server, "--listen", dir.file("live.sock")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("another server is listening"), std::string::npos) << r.err;
  struct stat st {};
  ASSERT_EQ(lstat(dir.file("live.sock").c_str(), &st), 0);
  EXPECT_TRUE(S_ISSOCK(st.st_mode));
}

}  // namespace
}  // namespace slidegif::fcgi
