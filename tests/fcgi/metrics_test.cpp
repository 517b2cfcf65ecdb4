// The pool's counters as Prometheus reads them, and the access log's Common Log Format line.
#include "fcgi/metrics.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include "fcgi/responder.hpp"

namespace slidegif::fcgi {
namespace {

bool has_line(const std::string& text, const std::string& line) {
  return text.find("\n" + line + "\n") != std::string::npos;
}

TEST(Metrics, CountsByStatusAndFormatWithAHistogram) {
  ServerMetrics* m = map_server_metrics();
  ASSERT_NE(m, nullptr);
  m->record(200, "image/webp", 0.012, 1000);
  m->record(200, "image/webp", 0.3, 500);
  m->record(200, "image/gif", 0.001, 2000);
  m->record(304, "", 0.0001, 0);
  m->record(400, "text/plain; charset=utf-8", 0.0002, 40);
  m->record(418, "text/plain; charset=utf-8", 0.0002, 0);
  m->drawing[3].store(1);
  const std::string text = prometheus_text(*m);
  EXPECT_TRUE(has_line(text, R"(slidegif_requests_total{status="200",format="webp"} 2)")) << text;
  EXPECT_TRUE(has_line(text, R"(slidegif_requests_total{status="200",format="gif"} 1)"));
  EXPECT_TRUE(has_line(text, R"(slidegif_requests_total{status="304",format="none"} 1)"));
  EXPECT_TRUE(has_line(text, R"(slidegif_requests_total{status="400",format="none"} 1)"));
  EXPECT_TRUE(has_line(text, R"(slidegif_requests_total{status="other",format="none"} 1)"));
  // Cumulative buckets: 3 at or under 5 ms, 4 under 25 ms, all 6 under 500 ms.
  EXPECT_TRUE(has_line(text, R"(slidegif_request_duration_seconds_bucket{le="0.005"} 4)")) << text;
  EXPECT_TRUE(has_line(text, R"(slidegif_request_duration_seconds_bucket{le="0.025"} 5)"));
  EXPECT_TRUE(has_line(text, R"(slidegif_request_duration_seconds_bucket{le="0.25"} 5)"));
  EXPECT_TRUE(has_line(text, R"(slidegif_request_duration_seconds_bucket{le="0.5"} 6)"));
  EXPECT_TRUE(has_line(text, R"(slidegif_request_duration_seconds_bucket{le="+Inf"} 6)"));
  EXPECT_TRUE(has_line(text, "slidegif_request_duration_seconds_count 6"));
  EXPECT_TRUE(has_line(text, "slidegif_sent_bytes_total 3540"));
  EXPECT_TRUE(has_line(text, "slidegif_in_flight 1"));
  EXPECT_TRUE(text.starts_with("# HELP slidegif_requests_total"));
}

TEST(Metrics, AreSharedWithForkedWorkers) {
  ServerMetrics* m = map_server_metrics();
  ASSERT_NE(m, nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    m->record(200, "image/png", 0.01, 7);
    m->drawing[5].store(1);
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_EQ(m->requests[0][3].load(), 1U);  // 200, png
  EXPECT_EQ(m->bytes_sent.load(), 7U);
  EXPECT_EQ(m->in_flight(), 1);
}

TEST(AccessLog, IsOneCommonLogFormatLine) {
  const cgi::Environment env{{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", "start=867254301"}};
  EXPECT_EQ(access_log_line(env, "192.0.2.7", "/slidegif/slidegif.cgi", "HTTP/1.1", 200, 1234,
                            1'795'000'000),
            "192.0.2.7 - - [18/Nov/2026:11:06:40 +0000] \"GET "
            "/slidegif/slidegif.cgi?start=867254301 HTTP/1.1\" 200 1234\n");
  // Nothing to go on is "-"; a quote or a control character cannot end the field.
  const cgi::Environment odd{{"REQUEST_METHOD", "HEAD"}, {"QUERY_STRING", "title=a\"b\n"}};
  EXPECT_EQ(access_log_line(odd, "", "/x", "", 304, 0, 0),
            "- - - [01/Jan/1970:00:00:00 +0000] \"HEAD /x?title=a\\x22b\\x0a HTTP/1.0\" 304 -\n");
}

}  // namespace
}  // namespace slidegif::fcgi
