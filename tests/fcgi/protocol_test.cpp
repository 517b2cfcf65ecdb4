// The FastCGI conversation, record by record: what a responder sends back and when a request is
// ready, for the records web servers send and for those a hostile peer could.
#include "fcgi/protocol.hpp"

#include <gtest/gtest.h>

#include <string>

namespace slidegif::fcgi {
namespace {

std::string length_bytes(std::size_t n) {
  if (n < 128) return std::string(1, static_cast<char>(n));
  return {static_cast<char>(0x80 | (n >> 24)), static_cast<char>((n >> 16) & 0xff),
          static_cast<char>((n >> 8) & 0xff), static_cast<char>(n & 0xff)};
}

std::string pair_bytes(const std::string& name, const std::string& value) {
  return length_bytes(name.size()) + length_bytes(value.size()) + name + value;
}

std::string begin_body(std::uint16_t role, bool keep) {
  return {static_cast<char>(role >> 8),
          static_cast<char>(role & 0xff),
          keep ? '\1' : '\0',
          0,
          0,
          0,
          0,
          0};
}

RecordHeader header(std::uint8_t type, std::uint16_t id, std::size_t length = 0) {
  RecordHeader h;
  h.type = type;
  h.request_id = id;
  h.content_length = static_cast<std::uint16_t>(length);
  return h;
}

// Feeds a record to `talk` as the reader would.
std::string feed(Conversation& talk, std::uint8_t type, std::uint16_t id,
                 const std::string& content = {}) {
  return talk.take(header(type, id, content.size()), content);
}

// The reply's record header, decoded.
RecordHeader reply_header(const std::string& reply) {
  unsigned char bytes[kHeaderBytes];
  for (std::size_t i = 0; i < kHeaderBytes; ++i) bytes[i] = static_cast<unsigned char>(reply[i]);
  return decode_header(bytes);
}

TEST(FastCgiRecords, EncodeAndDecodeAgree) {
  const std::string record = encode_record(kStdout, 0x1234, "hello");
  ASSERT_EQ(record.size(), 16u);  // 8 + 5, padded to 8
  const RecordHeader h = reply_header(record);
  EXPECT_EQ(h.version, 1);
  EXPECT_EQ(h.type, kStdout);
  EXPECT_EQ(h.request_id, 0x1234);
  EXPECT_EQ(h.content_length, 5);
  EXPECT_EQ(h.padding_length, 3);
  EXPECT_EQ(record.substr(8, 5), "hello");
}

TEST(FastCgiRecords, NameValuePairsOfOneAndFourByteLengths) {
  const std::string long_value(300, 'v');
  Params params;
  ASSERT_TRUE(decode_name_values(pair_bytes("QUERY_STRING", "random=1") +
                                     pair_bytes("HTTP_X", long_value) +
                                     pair_bytes("QUERY_STRING", "second"),
                                 params));
  EXPECT_EQ(params.at("QUERY_STRING"), "random=1");  // the first of a repeated name
  EXPECT_EQ(params.at("HTTP_X"), long_value);
}

TEST(FastCgiRecords, LengthsPastTheEndAreRefusedWithoutAllocating) {
  Params params;
  // 2^30, and twice 2^31-1 (whose sum overflows 32 bits): refused, nothing reserved for them.
  EXPECT_FALSE(decode_name_values(length_bytes(1u << 30) + length_bytes(1) + "abc", params));
  EXPECT_FALSE(
      decode_name_values(length_bytes(0x7fffffff) + length_bytes(0x7fffffff) + "abc", params));
  EXPECT_FALSE(decode_name_values(std::string("\x85\x00", 2), params));  // a cut length
  EXPECT_FALSE(decode_name_values(std::string("\x05", 1), params));      // no value length
  EXPECT_TRUE(params.empty());
}

TEST(FastCgiConversation, ARequestIsReadyWhenParametersAndStdinHaveEnded) {
  Conversation talk;
  EXPECT_EQ(feed(talk, kBeginRequest, 1, begin_body(1, false)), "");
  EXPECT_EQ(talk.state(), Conversation::State::kReading);
  const std::string params = pair_bytes("REQUEST_METHOD", "GET") + pair_bytes("QUERY_STRING", "x");
  // A pair split across two records is put together.
  feed(talk, kParams, 1, params.substr(0, 10));
  feed(talk, kParams, 1, params.substr(10));
  feed(talk, kParams, 1);
  EXPECT_EQ(talk.state(), Conversation::State::kReading);  // stdin still open
  feed(talk, kStdin, 1);
  ASSERT_EQ(talk.state(), Conversation::State::kReady);
  EXPECT_EQ(talk.params().at("QUERY_STRING"), "x");
  EXPECT_EQ(talk.request_id(), 1);
  EXPECT_FALSE(talk.keep_connection());
}

TEST(FastCgiConversation, GetValuesIsAnsweredForTheNamesAsked) {
  Conversation talk;
  const std::string reply =
      feed(talk, kGetValues, 0, pair_bytes("FCGI_MPXS_CONNS", "") + pair_bytes("OTHER", ""));
  const RecordHeader h = reply_header(reply);
  EXPECT_EQ(h.type, kGetValuesResult);
  EXPECT_EQ(h.request_id, 0);
  EXPECT_EQ(reply.substr(8, h.content_length), pair_bytes("FCGI_MPXS_CONNS", "0"));
  EXPECT_EQ(talk.state(), Conversation::State::kIdle);
}

TEST(FastCgiConversation, UnknownManagementTypesAreNamedBack) {
  Conversation talk;
  const std::string reply = feed(talk, 77, 0, "x");
  EXPECT_EQ(reply_header(reply).type, kUnknownType);
  EXPECT_EQ(static_cast<unsigned char>(reply[8]), 77);
}

TEST(FastCgiConversation, ASecondRequestAtOnceIsRefusedAndTheFirstGoesOn) {
  Conversation talk;
  feed(talk, kBeginRequest, 1, begin_body(1, true));
  const std::string reply = feed(talk, kBeginRequest, 2, begin_body(1, false));
  ASSERT_EQ(reply_header(reply).type, kEndRequest);
  EXPECT_EQ(reply_header(reply).request_id, 2);
  EXPECT_EQ(reply[8 + 4], static_cast<char>(kCantMultiplex));
  feed(talk, kParams, 2, pair_bytes("QUERY_STRING", "not mine"));  // dropped: not the request
  feed(talk, kParams, 1);
  feed(talk, kStdin, 1);
  ASSERT_EQ(talk.state(), Conversation::State::kReady);
  EXPECT_TRUE(talk.params().empty());
  EXPECT_TRUE(talk.keep_connection());
}

TEST(FastCgiConversation, OtherRolesAreRefused) {
  Conversation talk;
  const std::string reply = feed(talk, kBeginRequest, 3, begin_body(3, false));  // FCGI_FILTER
  EXPECT_EQ(reply[8 + 4], static_cast<char>(kUnknownRole));
  EXPECT_EQ(talk.state(), Conversation::State::kIdle);
}

TEST(FastCgiConversation, AbortBeforeOrAfterReady) {
  Conversation early;
  feed(early, kBeginRequest, 1, begin_body(1, false));
  feed(early, kAbortRequest, 1);
  EXPECT_EQ(early.state(), Conversation::State::kAborted);

  Conversation late;
  feed(late, kBeginRequest, 1, begin_body(1, false));
  feed(late, kParams, 1);
  feed(late, kStdin, 1);
  ASSERT_EQ(late.state(), Conversation::State::kReady);
  feed(late, kAbortRequest, 2);  // another request's abort changes nothing
  EXPECT_EQ(late.state(), Conversation::State::kReady);
  feed(late, kAbortRequest, 1);
  EXPECT_EQ(late.state(), Conversation::State::kAborted);
  late.finish();
  EXPECT_EQ(late.state(), Conversation::State::kIdle);
}

TEST(FastCgiConversation, ParametersPastTheLimitAreDroppedAndSaidSo) {
  Conversation talk(64);
  feed(talk, kBeginRequest, 1, begin_body(1, false));
  feed(talk, kParams, 1, pair_bytes("A", std::string(40, 'a')));
  feed(talk, kParams, 1, pair_bytes("B", std::string(40, 'b')));
  feed(talk, kParams, 1);
  feed(talk, kStdin, 1);
  ASSERT_EQ(talk.state(), Conversation::State::kReady);
  EXPECT_TRUE(talk.params_too_large());
  EXPECT_TRUE(talk.params().empty());
}

TEST(FastCgiConversation, BadLengthsOrVersionsBreakTheConnection) {
  Conversation lengths;
  feed(lengths, kBeginRequest, 1, begin_body(1, false));
  feed(lengths, kParams, 1, length_bytes(1u << 30) + length_bytes(1) + "abc");
  feed(lengths, kParams, 1);
  EXPECT_EQ(lengths.state(), Conversation::State::kBroken);

  Conversation version;
  RecordHeader h = header(kBeginRequest, 1, 8);
  h.version = 2;
  version.take(h, begin_body(1, false));
  EXPECT_EQ(version.state(), Conversation::State::kBroken);

  Conversation short_begin;
  feed(short_begin, kBeginRequest, 1, "ab");
  EXPECT_EQ(short_begin.state(), Conversation::State::kBroken);
}

}  // namespace
}  // namespace slidegif::fcgi
