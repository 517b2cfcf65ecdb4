#include "fcgi/protocol.hpp"

#include <array>

namespace slidegif::fcgi {
namespace {

constexpr std::uint8_t kVersion = 1;
constexpr std::uint16_t kManagementId = 0;  // FCGI_NULL_REQUEST_ID
constexpr std::uint16_t kResponderRole = 1;
constexpr std::uint8_t kKeepConnection = 1;  // FCGI_BEGIN_REQUEST's flags

// A length of one byte (below 128) or four (the top bit set, then 31 bits).
bool read_length(std::string_view bytes, std::size_t& at, std::size_t& length) {
  if (at >= bytes.size()) return false;
  const auto first = static_cast<unsigned char>(bytes[at]);
  if ((first & 0x80) == 0) {
    length = first;
    at += 1;
    return true;
  }
  if (bytes.size() - at < 4) return false;
  length = (std::size_t{first & 0x7fu} << 24) |
           (std::size_t{static_cast<unsigned char>(bytes[at + 1])} << 16) |
           (std::size_t{static_cast<unsigned char>(bytes[at + 2])} << 8) |
           std::size_t{static_cast<unsigned char>(bytes[at + 3])};
  at += 4;
  return true;
}

void append_length(std::string& out, std::size_t length) {
  if (length < 0x80) {
    out += static_cast<char>(length);
    return;
  }
  out += static_cast<char>(0x80 | ((length >> 24) & 0x7f));
  out += static_cast<char>((length >> 16) & 0xff);
  out += static_cast<char>((length >> 8) & 0xff);
  out += static_cast<char>(length & 0xff);
}

// What FCGI_GET_VALUES may ask, and this responder's answer: one connection, one request on
// it at a time (each worker takes one connection at a time).
constexpr std::array<std::pair<std::string_view, std::string_view>, 3> kValues{{
    {"FCGI_MAX_CONNS", "1"},
    {"FCGI_MAX_REQS", "1"},
    {"FCGI_MPXS_CONNS", "0"},
}};

}  // namespace

RecordHeader decode_header(const unsigned char (&bytes)[kHeaderBytes]) {
  RecordHeader h;
  h.version = bytes[0];
  h.type = bytes[1];
  h.request_id = static_cast<std::uint16_t>((bytes[2] << 8) | bytes[3]);
  h.content_length = static_cast<std::uint16_t>((bytes[4] << 8) | bytes[5]);
  h.padding_length = bytes[6];
  return h;
}

std::string encode_header(std::uint8_t type, std::uint16_t request_id, std::size_t content_length,
                          std::size_t padding_length) {
  return {static_cast<char>(kVersion),
          static_cast<char>(type),
          static_cast<char>(request_id >> 8),
          static_cast<char>(request_id & 0xff),
          static_cast<char>((content_length >> 8) & 0xff),
          static_cast<char>(content_length & 0xff),
          static_cast<char>(padding_length),
          '\0'};
}

std::string encode_record(std::uint8_t type, std::uint16_t request_id, std::string_view content) {
  const std::size_t padding = (8 - content.size() % 8) % 8;
  std::string out = encode_header(type, request_id, content.size(), padding);
  out += content;
  out.append(padding, '\0');
  return out;
}

std::string encode_end_request(std::uint16_t request_id, std::uint32_t app_status,
                               std::uint8_t protocol_status) {
  const char body[8] = {static_cast<char>(app_status >> 24),
                        static_cast<char>((app_status >> 16) & 0xff),
                        static_cast<char>((app_status >> 8) & 0xff),
                        static_cast<char>(app_status & 0xff),
                        static_cast<char>(protocol_status),
                        0,
                        0,
                        0};
  return encode_record(kEndRequest, request_id, std::string_view(body, sizeof body));
}

bool decode_name_values(std::string_view bytes, Params& out) {
  std::size_t at = 0;
  while (at < bytes.size()) {
    std::size_t name_length = 0;
    std::size_t value_length = 0;
    if (!read_length(bytes, at, name_length) || !read_length(bytes, at, value_length)) {
      return false;
    }
    // Compared without adding the lengths: two of 2^31 - 1 would not overflow size_t, but the
    // rule is to trust neither.
    if (name_length > bytes.size() - at || value_length > bytes.size() - at - name_length) {
      return false;
    }
    out.emplace(bytes.substr(at, name_length), bytes.substr(at + name_length, value_length));
    at += name_length + value_length;
  }
  return true;
}

std::string Conversation::take(const RecordHeader& header, std::string_view content) {
  std::string reply;
  if (state_ == State::kBroken) return reply;
  if (header.version != kVersion) {
    state_ = State::kBroken;
    return reply;
  }
  if (header.request_id == kManagementId) return take_management(header, content);
  if (header.type == kBeginRequest) {
    begin(header, content, reply);
    return reply;
  }
  // Records of a request this side does not have (ended, refused, never begun) are dropped,
  // as the specification says.
  const bool active = state_ == State::kReading || state_ == State::kReady;
  if (!active || header.request_id != request_id_) return reply;
  switch (header.type) {
    case kAbortRequest:
      state_ = State::kAborted;
      break;
    case kParams:
      if (content.empty()) {
        params_ended_ = true;
        if (!params_too_large_ && !decode_name_values(param_bytes_, params_)) {
          state_ = State::kBroken;  // a length past the parameters' end: not a web server
          return reply;
        }
        param_bytes_ = std::string();
      } else {
        take_params(content);
      }
      break;
    case kStdin:
      // A request body: none of our requests has one (GET and HEAD), so it is not kept.
      if (content.empty()) stdin_ended_ = true;
      break;
    default:
      break;  // FCGI_DATA (the filter role's) and types a responder never receives
  }
  check_ready();
  return reply;
}

std::string Conversation::take_management(const RecordHeader& header,
                                          std::string_view content) const {
  if (header.type != kGetValues) {
    const char body[8] = {static_cast<char>(header.type), 0, 0, 0, 0, 0, 0, 0};
    return encode_record(kUnknownType, kManagementId, std::string_view(body, sizeof body));
  }
  Params asked;
  decode_name_values(content, asked);  // what decodes is answered; the rest is ignored
  std::string values;
  for (const auto& [name, value] : kValues) {
    if (!asked.contains(name)) continue;
    append_length(values, name.size());
    append_length(values, value.size());
    values += name;
    values += value;
  }
  return encode_record(kGetValuesResult, kManagementId, values);
}

void Conversation::begin(const RecordHeader& header, std::string_view content, std::string& reply) {
  if (state_ != State::kIdle) {
    // One request at a time: a second is refused, and the first goes on.
    if (header.request_id != request_id_) {
      reply = encode_end_request(header.request_id, 0, kCantMultiplex);
    }
    return;
  }
  if (content.size() < 8) {
    state_ = State::kBroken;
    return;
  }
  const auto role = static_cast<std::uint16_t>((static_cast<unsigned char>(content[0]) << 8) |
                                               static_cast<unsigned char>(content[1]));
  if (role != kResponderRole) {
    reply = encode_end_request(header.request_id, 0, kUnknownRole);
    return;
  }
  state_ = State::kReading;
  request_id_ = header.request_id;
  keep_connection_ = (static_cast<unsigned char>(content[2]) & kKeepConnection) != 0;
}

void Conversation::take_params(std::string_view content) {
  if (params_ended_ || params_too_large_) return;
  if (content.size() > max_param_bytes_ - param_bytes_.size()) {
    params_too_large_ = true;
    param_bytes_ = std::string();
    return;
  }
  param_bytes_ += content;
}

void Conversation::check_ready() {
  if (state_ == State::kReading && params_ended_ && stdin_ended_) state_ = State::kReady;
}

void Conversation::finish() {
  const std::size_t limit = max_param_bytes_;
  *this = Conversation(limit);
}

}  // namespace slidegif::fcgi
