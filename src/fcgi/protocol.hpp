#pragma once
// The FastCGI protocol (version 1) as a responder speaks it, one request per connection at a
// time, free of I/O: a Conversation is fed the records read from the web server and says what
// to send back and when a request is complete. connection.hpp does the reading and writing.
//
//   Conversation talk(kMaxParamBytes);
//   std::string reply = talk.take(header, content);   // for every record read
//   if (talk.state() == Conversation::State::kReady) ...  // answer talk.params()
//
// Why our own and not libfcgi: libfcgi aborts the process when an allocation fails (a name
// length of 2^30 under the workers' memory limit killed a worker), answers FCGI_GET_VALUES from
// a fixed 64-byte buffer, and ignores FCGI_ABORT_REQUEST. The protocol is eight record types.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace slidegif::fcgi {

// Record types (FastCGI specification, section 8).
enum RecordType : std::uint8_t {
  kBeginRequest = 1,
  kAbortRequest = 2,
  kEndRequest = 3,
  kParams = 4,
  kStdin = 5,
  kStdout = 6,
  kStderr = 7,
  kData = 8,
  kGetValues = 9,
  kGetValuesResult = 10,
  kUnknownType = 11,
};

// FCGI_END_REQUEST's protocol status.
enum ProtocolStatus : std::uint8_t {
  kRequestComplete = 0,
  kCantMultiplex = 1,
  kOverloaded = 2,
  kUnknownRole = 3,
};

inline constexpr std::size_t kHeaderBytes = 8;
inline constexpr std::size_t kMaxContentBytes = 65535;
// The parameters one request may send in all (names, values, their lengths). A web server sends
// a few kB (its request headers); what is past this is read and dropped, and the request is
// answered 431. Above the handler's own limits, so that the handler names those.
inline constexpr std::size_t kMaxParamBytes = std::size_t{1} << 20;

struct RecordHeader {
  std::uint8_t version = 1;
  std::uint8_t type = 0;
  std::uint16_t request_id = 0;
  std::uint16_t content_length = 0;
  std::uint8_t padding_length = 0;
};

RecordHeader decode_header(const unsigned char (&bytes)[kHeaderBytes]);

// A record's header, for content sent from elsewhere (the body of an answer).
std::string encode_header(std::uint8_t type, std::uint16_t request_id, std::size_t content_length,
                          std::size_t padding_length);

// One record with `content` (at most kMaxContentBytes), padded to a multiple of 8 bytes.
std::string encode_record(std::uint8_t type, std::uint16_t request_id, std::string_view content);

// The end of a request: FCGI_END_REQUEST with the application's and the protocol's status.
std::string encode_end_request(std::uint16_t request_id, std::uint32_t app_status,
                               std::uint8_t protocol_status);

// Name-value pairs (section 3.4) appended to `out` (a name seen before keeps its first value);
// false when a length runs past the end of `bytes`.
using Params = std::map<std::string, std::string, std::less<>>;
bool decode_name_values(std::string_view bytes, Params& out);

// One connection's records, in order: management records are answered at once, the request's
// parameters and standard input are gathered, and the request is ready once both have ended.
class Conversation {
 public:
  enum class State {
    kIdle,     // waiting for FCGI_BEGIN_REQUEST
    kReading,  // a request begun: its parameters and standard input arriving
    kReady,    // both ended: answer it (then finish())
    kAborted,  // the web server gave it up (FCGI_ABORT_REQUEST), before or after kReady:
               // end it without an answer (then finish())
    kBroken,   // not FastCGI (a bad version or header): close the connection
  };

  explicit Conversation(std::size_t max_param_bytes = kMaxParamBytes)
      : max_param_bytes_(max_param_bytes) {}

  // Takes one record (its content, padding dropped); returns what to send back now, if
  // anything: a management record's answer, or the refusal of a second request (this
  // responder does not multiplex) or of a role other than responder.
  std::string take(const RecordHeader& header, std::string_view content);

  State state() const { return state_; }
  std::uint16_t request_id() const { return request_id_; }
  // The web server keeps the connection for another request after this one (FCGI_KEEP_CONN).
  bool keep_connection() const { return keep_connection_; }
  // The request's parameters (the CGI meta-variables); empty past max_param_bytes.
  const Params& params() const { return params_; }
  bool params_too_large() const { return params_too_large_; }

  // Done with the request (answered or aborted): ready for the next one on this connection.
  void finish();

 private:
  std::string take_management(const RecordHeader& header, std::string_view content) const;
  void begin(const RecordHeader& header, std::string_view content, std::string& reply);
  void take_params(std::string_view content);
  void check_ready();

  std::size_t max_param_bytes_;
  State state_ = State::kIdle;
  std::uint16_t request_id_ = 0;
  bool keep_connection_ = false;
  bool params_ended_ = false;
  bool stdin_ended_ = false;
  bool params_too_large_ = false;
  std::string param_bytes_;  // a pair may span records: decoded once they have all arrived
  Params params_;
};

}  // namespace slidegif::fcgi
