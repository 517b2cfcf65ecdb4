// Records read from and answers written to a real socket (a socketpair): records split across
// reads, a reader that does not wait, a peer gone, and an answer larger than a record.
#include "fcgi/connection.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <thread>

namespace slidegif::fcgi {
namespace {

class SocketPair : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds_), 0); }
  void TearDown() override {
    for (int fd : fds_) {
      if (fd >= 0) close(fd);
    }
  }
  int ours() const { return fds_[0]; }
  int theirs() const { return fds_[1]; }
  void close_theirs() {
    close(fds_[1]);
    fds_[1] = -1;
  }
  void send_theirs(const std::string& bytes) {
    ASSERT_EQ(write(theirs(), bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  }

 private:
  int fds_[2] = {-1, -1};
};

TEST_F(SocketPair, RecordsArriveWholeHoweverTheBytesAreCut) {
  const std::string records = encode_record(kParams, 1, "abc") + encode_record(kStdin, 1, "");
  RecordReader reader(ours());
  RecordHeader h;
  std::string content;
  send_theirs(records.substr(0, 5));
  EXPECT_EQ(reader.next(h, content, RecordReader::kNoWait), RecordReader::Got::kNothing);
  send_theirs(records.substr(5));
  ASSERT_EQ(reader.next(h, content, RecordReader::kWait), RecordReader::Got::kRecord);
  EXPECT_EQ(h.type, kParams);
  EXPECT_EQ(content, "abc");  // the padding dropped
  ASSERT_EQ(reader.next(h, content, RecordReader::kNoWait), RecordReader::Got::kRecord);
  EXPECT_EQ(h.type, kStdin);
  EXPECT_EQ(content, "");
  close_theirs();
  EXPECT_EQ(reader.next(h, content, RecordReader::kWait), RecordReader::Got::kClosed);
}

TEST_F(SocketPair, APeerGoneInsideARecordOrNotSpeakingFastCgiFails) {
  RecordReader cut(ours());
  RecordHeader h;
  std::string content;
  send_theirs(encode_record(kParams, 1, "abcdef").substr(0, 10));
  close_theirs();
  EXPECT_EQ(cut.next(h, content, RecordReader::kWait), RecordReader::Got::kFailed);
}

TEST_F(SocketPair, HttpOnTheSocketFailsAtOnce) {
  RecordReader reader(ours());
  RecordHeader h;
  std::string content;
  send_theirs("GET / HTTP/1.1\r\n");  // claims a record of thousands of bytes
  EXPECT_EQ(reader.next(h, content, RecordReader::kWait), RecordReader::Got::kFailed);
}

TEST_F(SocketPair, AnAnswerIsStdoutRecordsThenTheEnd) {
  const std::string head = "Status: 200 OK\r\nContent-Type: image/gif\r\n\r\n";
  std::string body(200000, '\0');
  for (std::size_t i = 0; i < body.size(); ++i) body[i] = static_cast<char>(i * 7);
  std::thread writer([&] { EXPECT_TRUE(send_answer(ours(), 9, head, body)); });
  RecordReader reader(theirs());
  RecordHeader h;
  std::string content;
  std::string out;
  int stdout_records = 0;
  for (;;) {
    ASSERT_EQ(reader.next(h, content, RecordReader::kWait), RecordReader::Got::kRecord);
    EXPECT_EQ(h.request_id, 9);
    if (h.type == kEndRequest) break;
    ASSERT_EQ(h.type, kStdout);
    out += content;
    ++stdout_records;
  }
  writer.join();
  EXPECT_EQ(out, head + body);
  EXPECT_GE(stdout_records, 5);  // 200 kB in records of at most 64 kB, then the empty one
  EXPECT_EQ(content[4], static_cast<char>(kRequestComplete));
}

TEST_F(SocketPair, AnswerToAPeerGoneFails) {
  close_theirs();
  EXPECT_FALSE(send_answer(ours(), 1, "Status: 200 OK\r\n\r\n", std::string(100000, 'x')));
}

}  // namespace
}  // namespace slidegif::fcgi
