#include "fcgi/connection.hpp"

#include <limits.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <algorithm>
#include <cerrno>
#include <vector>

namespace slidegif::fcgi {
namespace {

// Read in blocks: a request is a few records of a few hundred bytes, usually one read.
constexpr std::size_t kReadBytes = 16384;
// FCGI_STDOUT records of the body: the largest multiple of 8 a record holds, so none is padded.
constexpr std::size_t kChunkBytes = kMaxContentBytes / 8 * 8;

// Writes every byte of `parts` (sendmsg: MSG_NOSIGNAL, so a gone peer is EPIPE, not SIGPIPE).
bool send_parts(int fd, std::vector<iovec>& parts) {
  std::size_t first = 0;
  while (first < parts.size()) {
    msghdr message{};
    message.msg_iov = &parts[first];
    message.msg_iovlen = std::min<std::size_t>(parts.size() - first, IOV_MAX);
    const ssize_t sent = sendmsg(fd, &message, MSG_NOSIGNAL);
    if (sent < 0) {
      if (errno == EINTR) continue;
      return false;  // EPIPE, ECONNRESET, or EAGAIN after the send timeout
    }
    auto left = static_cast<std::size_t>(sent);
    while (first < parts.size() && left >= parts[first].iov_len) {
      left -= parts[first].iov_len;
      ++first;
    }
    if (left > 0) {
      parts[first].iov_base = static_cast<char*>(parts[first].iov_base) + left;
      parts[first].iov_len -= left;
    }
  }
  return true;
}

}  // namespace

std::size_t RecordReader::record_bytes() const {
  const auto* b = reinterpret_cast<const unsigned char*>(buffer_.data());
  return kHeaderBytes + ((std::size_t{b[4]} << 8) | b[5]) + b[6];
}

bool RecordReader::whole_record_buffered() const {
  return buffer_.size() >= kHeaderBytes && buffer_.size() >= record_bytes();
}

RecordReader::Got RecordReader::next(RecordHeader& header, std::string& content, bool wait) {
  while (!whole_record_buffered()) {
    // Not FastCGI (an HTTP request sent to the socket, say): said at once, not after waiting
    // for a record as long as its bytes claim.
    if (!buffer_.empty() && buffer_[0] != 1) return Got::kFailed;
    char block[kReadBytes];
    const ssize_t got = recv(fd_, block, sizeof block, wait ? 0 : MSG_DONTWAIT);
    if (got > 0) {
      buffer_.append(block, static_cast<std::size_t>(got));
    } else if (got == 0) {
      return buffer_.empty() ? Got::kClosed : Got::kFailed;
    } else if (errno == EINTR) {
      continue;
    } else if (!wait && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return Got::kNothing;
    } else {
      return Got::kFailed;  // the receive timeout (EAGAIN while waiting) or an error
    }
  }
  unsigned char bytes[kHeaderBytes];
  std::copy_n(buffer_.begin(), kHeaderBytes, bytes);
  header = decode_header(bytes);
  content.assign(buffer_, kHeaderBytes, header.content_length);
  buffer_.erase(0, record_bytes());
  return Got::kRecord;
}

bool send_all(int fd, std::string_view bytes) {
  std::vector<iovec> parts{{const_cast<char*>(bytes.data()), bytes.size()}};
  return send_parts(fd, parts);
}

bool send_answer(int fd, std::uint16_t request_id, std::string_view header_block,
                 std::string_view body) {
  // The header block in records of its own; the body sent from where it lies, behind a record
  // header per chunk (a GIF of tens of MB is not copied).
  std::string head;
  for (std::size_t at = 0; at < header_block.size(); at += kChunkBytes) {
    head += encode_record(kStdout, request_id, header_block.substr(at, kChunkBytes));
  }
  const std::size_t chunks = (body.size() + kChunkBytes - 1) / kChunkBytes;
  std::vector<std::string> chunk_headers;
  chunk_headers.reserve(chunks);
  std::vector<iovec> parts{{head.data(), head.size()}};
  for (std::size_t at = 0; at < body.size(); at += kChunkBytes) {
    const std::size_t size = std::min(kChunkBytes, body.size() - at);
    chunk_headers.push_back(encode_header(kStdout, request_id, size, 0));
    parts.push_back({chunk_headers.back().data(), kHeaderBytes});
    parts.push_back({const_cast<char*>(body.data() + at), size});
  }
  std::string end = encode_record(kStdout, request_id, {});
  end += encode_end_request(request_id, 0, kRequestComplete);
  parts.push_back({end.data(), end.size()});
  return send_parts(fd, parts);
}

}  // namespace slidegif::fcgi
