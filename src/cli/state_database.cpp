#include "cli/state_database.hpp"

#include <fmt/format.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include "app/files/atomic_file.hpp"
#include "cli/remove_on_signal.hpp"
#include "slidegif/version.hpp"

namespace slidegif::cli {
namespace {

constexpr const char* kSchema = R"(
CREATE TABLE meta(key TEXT PRIMARY KEY, value) WITHOUT ROWID;
CREATE TABLE histogram(distance INTEGER PRIMARY KEY, count INTEGER NOT NULL);
CREATE TABLE antipodes(board TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE states(board TEXT PRIMARY KEY, distance INTEGER NOT NULL, blank INTEGER NOT NULL,
                    optimal_moves INTEGER NOT NULL, solutions INTEGER NOT NULL) WITHOUT ROWID;
)";

// One open database being written; closes (and removes the temporary file) unless committed.
class Writer {
 public:
  Writer(std::string target, std::string temp)
      : target_(std::move(target)), temp_(std::move(temp)) {
    std::remove(temp_.c_str());
    if (sqlite3_open_v2(temp_.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK)
      fail();
    exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN;");
  }
  ~Writer() {
    if (db_ != nullptr) sqlite3_close(db_);
    if (!committed_) std::remove(temp_.c_str());
  }
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  void exec(const char* sql) {
    if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) fail();
  }
  sqlite3_stmt* prepare(const char* sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr) != SQLITE_OK) fail();
    statements_.push_back(stmt);
    return stmt;
  }
  void step(sqlite3_stmt* stmt) {
    if (sqlite3_step(stmt) != SQLITE_DONE) fail();
    sqlite3_reset(stmt);
  }
  void commit() {
    exec("COMMIT;");
    for (sqlite3_stmt* s : statements_) sqlite3_finalize(s);
    statements_.clear();
    if (sqlite3_close(db_) != SQLITE_OK) fail();
    db_ = nullptr;
    if (std::rename(temp_.c_str(), target_.c_str()) != 0)
      throw std::runtime_error(fmt::format("cannot write {}: rename failed", target_));
    committed_ = true;
  }

 private:
  [[noreturn]] void fail() {
    const std::string why = db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
    throw std::runtime_error(fmt::format("cannot write {}: {}", target_, why));
  }

  std::string target_, temp_;
  sqlite3* db_ = nullptr;
  std::vector<sqlite3_stmt*> statements_;
  bool committed_ = false;
};

void bind_text(sqlite3_stmt* s, int at, const std::string& text) {
  sqlite3_bind_text(s, at, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

std::int64_t as_integer(std::uint64_t n) {
  return n > static_cast<std::uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<std::int64_t>(n);
}

// The antipodes: the search's list of its last layer, else (exact distances) a scan.
std::vector<std::uint64_t> antipodes(const detail::FullSearch& all) {
  if (all.listed.back()) return all.lists.back();
  std::vector<std::uint64_t> out;
  for (std::uint64_t i = 0; i < all.distance.size(); ++i)
    if (all.distance[i] == all.gods_number()) out.push_back(i);
  return out;
}

void write_meta(Writer& w, const detail::FullSearch& all, bool all_states) {
  const Board goal = all.index.board(all.index.goal_index());
  sqlite3_stmt* s = w.prepare("INSERT INTO meta VALUES(?, ?)");
  auto text = [&](const char* key, const std::string& value) {
    bind_text(s, 1, key);
    bind_text(s, 2, value);
    w.step(s);
  };
  auto number = [&](const char* key, std::uint64_t value) {
    bind_text(s, 1, key);
    sqlite3_bind_int64(s, 2, as_integer(value));
    w.step(s);
  };
  text("shape", format_shape(goal.shape()));
  number("rows", static_cast<std::uint64_t>(goal.rows()));
  number("cols", static_cast<std::uint64_t>(goal.cols()));
  text("goal", format_board(goal));
  number("gods_number", static_cast<std::uint64_t>(all.gods_number()));
  number("states", all.index.size());
  number("all_states", all_states ? 1 : 0);
  text("program_version", std::string("slidegif ") + SLIDEGIF_VERSION);
}

void write_states(Writer& w, const detail::FullSearch& all, const detail::OptimalPaths& paths) {
  sqlite3_stmt* s = w.prepare("INSERT INTO states VALUES(?, ?, ?, ?, ?)");
  for (std::uint64_t i = 0; i < all.index.size(); ++i) {
    const Board board = all.index.board(i);
    bind_text(s, 1, format_board(board));
    sqlite3_bind_int(s, 2, all.distance[i]);
    sqlite3_bind_int(s, 3, board.blank());
    sqlite3_bind_int(s, 4, paths.first_moves[i]);
    sqlite3_bind_int64(s, 5, as_integer(paths.solutions[i]));
    w.step(s);
  }
  w.exec("CREATE INDEX states_by_distance ON states(distance);");
}

}  // namespace

std::uint64_t estimated_database_bytes(std::uint64_t states, int cells) {
  // Measured on 3x3 (about 43 bytes a state with the index); longer boards take more text.
  const std::uint64_t board_text =
      cells <= 10 ? static_cast<std::uint64_t>(cells) : static_cast<std::uint64_t>(cells) * 5 / 2;
  return states * (34 + board_text);
}

void check_database_target(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (fs::exists(status) && !fs::is_regular_file(status))
    throw std::runtime_error(fmt::format("cannot write {}: not a regular file", path));
}

void write_state_database(const std::string& path, const detail::FullSearch& all,
                          const detail::OptimalPaths* paths) {
  check_database_target(path);
  const std::string target = app::replacement_target(path).string();
  const std::string temp = fmt::format("{}.tmp-{}", target, ::getpid());
  const RemoveOnSignal guard(temp);
  Writer w(target, temp);
  w.exec(kSchema);
  write_meta(w, all, paths != nullptr);
  sqlite3_stmt* h = w.prepare("INSERT INTO histogram VALUES(?, ?)");
  for (std::size_t d = 0; d < all.histogram.size(); ++d) {
    sqlite3_bind_int64(h, 1, static_cast<std::int64_t>(d));
    sqlite3_bind_int64(h, 2, as_integer(all.histogram[d]));
    w.step(h);
  }
  sqlite3_stmt* a = w.prepare("INSERT INTO antipodes VALUES(?)");
  for (std::uint64_t i : antipodes(all)) {
    bind_text(a, 1, format_board(all.index.board(i)));
    w.step(a);
  }
  if (paths != nullptr) write_states(w, all, *paths);
  w.commit();
}

}  // namespace slidegif::cli
