#pragma once
// One connection from the web server, as bytes: FastCGI records read from it (with the socket's
// receive timeout) and an answer written to it as FCGI_STDOUT records. What the records mean is
// protocol.hpp's.
//
//   RecordReader reader(fd);
//   while (reader.next(header, content, RecordReader::kWait) == RecordReader::Got::kRecord) ...
//   send_answer(fd, request_id, header_block, body);

#include <cstdint>
#include <string>
#include <string_view>

#include "fcgi/protocol.hpp"

namespace slidegif::fcgi {

class RecordReader {
 public:
  explicit RecordReader(int fd) : fd_(fd) {}

  enum class Got {
    kRecord,   // header and content filled in (the padding is dropped)
    kNothing,  // no whole record has arrived yet (only without waiting)
    kClosed,   // the peer closed the connection between records
    kFailed,   // an error, a timeout, or a connection closed inside a record
  };
  static constexpr bool kWait = true;
  static constexpr bool kNoWait = false;

  // The next record; with kNoWait, only if it has arrived whole already.
  Got next(RecordHeader& header, std::string& content, bool wait);

 private:
  bool whole_record_buffered() const;
  std::size_t record_bytes() const;  // header, content and padding of the buffered header

  int fd_;
  std::string buffer_;  // bytes read and not yet taken
};

// The answer as FCGI_STDOUT records (the CGI header block, then the body), the stream's end and
// FCGI_END_REQUEST. False when the peer is gone or stopped reading for the send timeout.
bool send_answer(int fd, std::uint16_t request_id, std::string_view header_block,
                 std::string_view body);

// Bytes (management answers, refusals, an aborted request's end) written whole.
bool send_all(int fd, std::string_view bytes);

}  // namespace slidegif::fcgi
