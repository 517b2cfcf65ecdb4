// The command line refuses what it cannot do before doing any work: a format it does not write,
// a seed that is no 64-bit number; and `pdb build` does not rebuild a set that checks out.
#include "cli/command_line.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "gif_decoder.hpp"
#include "private_home.hpp"
#include "run_binary.hpp"

namespace slidegif::cli {
namespace {

using testing::run_slidegif;

TEST(CommandLine, AnOutputNameOfAnotherFormatIsRefusedBeforeAnyWork) {
  testing::TempDir dir;
  for (const char* name : {"x.jpg", "x.avi", "x.gif.bak"}) {
    const auto r = run_slidegif({"solve", "867254301", "-o", dir.file(name)});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(r.err.find("the output formats are .gif, .webp, .apng, .png, .mp4, .webm"),
              std::string::npos)
        << r.err;
  }
  EXPECT_TRUE(dir.entries().empty());
  const auto upper = run_slidegif({"solve", "12/30", "-o", dir.file("A.GIF")});
  EXPECT_EQ(upper.exit_code, 0) << upper.err;
  EXPECT_EQ(testing::read_file(dir.file("A.GIF")).substr(0, 6), "GIF89a");
}

TEST(CommandLine, AnEmptyOutputNameIsRefused) {
  const auto r = run_slidegif({"solve", "867254301", "-o", ""});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find("-o needs a file name"), std::string::npos) << r.err;
}

TEST(CommandLine, TheExtensionOrFormatChoosesWhatIsWritten) {
  testing::TempDir dir;
  struct Want {
    std::vector<std::string> args;
    std::string file;
    std::size_t offset;
    std::string magic;
  };
  const std::string webp = dir.file("a.webp"), apng = dir.file("a.apng"), png = dir.file("a.png"),
                    plain = dir.file("plain");
  for (const Want& w : {Want{{"-o", webp}, webp, 8, "WEBP"}, Want{{"-o", apng}, apng, 1, "PNG"},
                        Want{{"-o", png, "--frame", "-1"}, png, 1, "PNG"},
                        Want{{"-o", plain, "--format", "webp"}, plain, 8, "WEBP"}}) {
    std::vector<std::string> args = {"solve", "867254301", "--tile", "32", "--json"};
    args.insert(args.end(), w.args.begin(), w.args.end());
    const auto r = run_slidegif(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(testing::read_file(w.file).substr(w.offset, w.magic.size()), w.magic) << w.file;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["bytes"], std::filesystem::file_size(w.file));
  }
  EXPECT_NE(testing::read_file(apng).find("acTL"), std::string::npos);  // animated
  EXPECT_EQ(testing::read_file(png).find("acTL"), std::string::npos);   // still
  EXPECT_EQ(
      nlohmann::json::parse(run_slidegif({"solve", "12/30", "-o", png, "--json"}).out)["frames"],
      1);
  // Standard output takes --format.
  const auto out = run_slidegif({"solve", "12/30", "-o", "-", "--format", "apng"});
  EXPECT_EQ(out.exit_code, 0) << out.err;
  EXPECT_EQ(out.out.substr(1, 3), "PNG");
}

// Video through the installed command, as a user runs it: the static slidegif hands the command
// to slidegif-video (src/cli/video_handoff.hpp), which writes the file and the same report.
TEST(CommandLine, VideoIsWrittenBySlidegifVideo) {
  testing::TempDir dir;
  const std::string mp4 = dir.file("a.mp4"), webm = dir.file("a.webm");
  const auto r = run_slidegif({"solve", "12/30", "--tile", "32", "-o", mp4, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");  // nothing from FFmpeg or the encoders
  EXPECT_EQ(testing::read_file(mp4).substr(4, 4), "ftyp");
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "mp4");
  EXPECT_EQ(j["bytes"], std::filesystem::file_size(mp4));
  const auto out = run_slidegif({"random", "--seed", "1", "--format", "webm", "-o", "-"}, "");
  ASSERT_EQ(out.exit_code, 0) << out.err;
  EXPECT_EQ(out.out.substr(0, 4), "\x1A\x45\xDF\xA3");  // Matroska's (WebM's) magic
  // What the command says, it says once (not once more from slidegif-video).
  const auto loop = run_slidegif({"solve", "12/30", "-o", webm, "--loop", "2", "--numbers"});
  ASSERT_EQ(loop.exit_code, 0) << loop.err;
  const std::string note = "note: --loop does not change a video";
  ASSERT_NE(loop.err.find(note), std::string::npos) << loop.err;
  EXPECT_EQ(loop.err.find(note), loop.err.rfind(note)) << loop.err;
  EXPECT_EQ(loop.err.find("--numbers"), loop.err.rfind("--numbers")) << loop.err;
}

// Whether a 64-bit ELF program names a dynamic loader (a PT_INTERP program header): static
// programs, static PIEs among them, do not.
bool has_interpreter(const std::string& elf) {
  const auto number = [&](std::size_t at, int bytes) {
    std::uint64_t n = 0;
    for (int i = bytes - 1; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(elf.at(at + i));
    return n;
  };
  const std::uint64_t table = number(0x20, 8), entry = number(0x36, 2), count = number(0x38, 2);
  for (std::uint64_t i = 0; i < count; ++i)
    if (number(table + i * entry, 4) == 3) return true;  // PT_INTERP
  return false;
}

// Copied alone somewhere, the static slidegif cannot find slidegif-video: it says so and writes
// nothing. (A sanitizer build's slidegif is dynamic and writes the video itself.)
TEST(CommandLine, VideoWithoutSlidegifVideoSaysWhereItLooked) {
  testing::TempDir dir;
  const std::string alone = dir.file("slidegif");
  std::filesystem::copy_file(testing::slidegif_binary(), alone);
  const auto r = testing::run_binary({alone, "solve", "12/30", "-o", dir.file("a.mp4")});
  // Without -o nothing is drawn, so nothing is handed over: it answers itself.
  const auto no_output = testing::run_binary({alone, "solve", "12/30", "--format", "mp4"});
  EXPECT_EQ(no_output.exit_code, 0) << no_output.err;
  EXPECT_NE(no_output.err.find("--format changes only the animation"), std::string::npos)
      << no_output.err;
  const bool is_static = !has_interpreter(testing::read_file(alone));
  if (is_static) {
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("video (MP4, WebM) is written by slidegif-video, which could not run"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find(dir.file("slidegif-video")), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir.file("a.mp4")));
  } else {
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(testing::read_file(dir.file("a.mp4")).substr(4, 4), "ftyp");
  }
}

TEST(CommandLine, FormatAndFrameThatDisagreeAreRefusedBeforeAnyWork) {
  testing::TempDir dir;
  const auto both =
      run_slidegif({"solve", "867254301", "-o", dir.file("a.gif"), "--format", "webp"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("is gif, but --format says webp"), std::string::npos) << both.err;
  const auto frame = run_slidegif({"solve", "867254301", "-o", dir.file("a.webp"), "--frame", "3"});
  EXPECT_EQ(frame.exit_code, 2);
  EXPECT_NE(frame.err.find("--frame 3: only a still"), std::string::npos) << frame.err;
  const auto unknown = run_slidegif({"solve", "867254301", "-o", "-", "--format", "avi"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("--format"), std::string::npos) << unknown.err;
  const auto past = run_slidegif({"solve", "12/30", "-o", dir.file("a.png"), "--frame", "9"});
  EXPECT_EQ(past.exit_code, 2);
  EXPECT_NE(past.err.find("no frame 9: this animation has"), std::string::npos) << past.err;
  EXPECT_TRUE(dir.entries().empty());
  const auto note = run_slidegif({"solve", "12/30", "--format", "webp"});
  EXPECT_EQ(note.exit_code, 0);
  EXPECT_NE(note.err.find("--format changes only the animation"), std::string::npos) << note.err;
}

TEST(CommandLine, SeedsAreWholeNumbersOf64Bits) {
  for (const char* seed : {"-5", "18446744073709551616", "1e3", "seven", ""}) {
    const auto r = run_slidegif({"random", "--seed", seed});
    EXPECT_EQ(r.exit_code, 2) << seed;
    EXPECT_TRUE(r.out.empty()) << seed << ": " << r.out;
    EXPECT_NE(r.err.find("--seed"), std::string::npos) << r.err;
  }
  const auto max = run_slidegif({"random", "--seed", "18446744073709551615", "--json"});
  EXPECT_EQ(max.exit_code, 0) << max.err;
  EXPECT_NE(max.out.find("\"seed\":18446744073709551615"), std::string::npos) << max.out;
}

TEST(CommandLine, PdbBuildLeavesASetThatChecksOutUnlessForced) {
  testing::install_small_pdb_in_cache();
  const std::string file = testing::private_cache_dir() + "/4x4-small.pdb";
  const auto before = std::filesystem::last_write_time(file);
  auto r = run_slidegif({"pdb", "build"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("up to date: " + file + " (5.8 MB; --force builds it again)"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(std::filesystem::last_write_time(file), before);
  r = run_slidegif({"pdb", "build", "--force"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("built " + file), std::string::npos) << r.out;
  EXPECT_NE(std::filesystem::last_write_time(file), before);
}

}  // namespace
}  // namespace slidegif::cli

namespace slidegif::cli {
namespace {

TEST(CommandLine, NumbersOutOfRangeOrMalformedSayWhatTheOptionTakes) {
  const std::pair<std::vector<std::string>, std::string> table[] = {
      {{"solve", "867254301", "--tile", "abc"},
       "--tile: takes a whole number from 16 to 256, not 'abc'"},
      {{"solve", "867254301", "--tile", "8"},
       "--tile: takes a whole number from 16 to 256, not '8'"},
      {{"solve", "867254301", "--tween", "1.5"}, "--tween: takes a whole number from 0 to"},
      {{"solve", "867254301", "--max-seconds", "soon"}, "--max-seconds: takes a number from 0.01"},
      {{"solve", "--batch", "-", "--jobs", "0"}, "--jobs: takes a whole number from 1 to 256"},
      {{"explore", "--threads", "-1"}, "--threads: takes a whole number from 1 to 256"},
  };
  for (const auto& [args, message] : table) {
    const auto r = testing::run_slidegif(args);
    EXPECT_EQ(r.exit_code, 2) << args[2];
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  }
}

TEST(CommandLine, ALinkToAMissingFileIsNotWrittenThrough) {
  testing::TempDir dir;
  std::filesystem::create_symlink(dir.file("missing/target.gif"), dir.file("link.gif"));
  const auto r = testing::run_slidegif({"solve", "12/30", "-o", dir.file("link.gif")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(
      r.err.find("a symbolic link to " + dir.file("missing/target.gif") + ", which does not exist"),
      std::string::npos)
      << r.err;
  EXPECT_TRUE(std::filesystem::is_symlink(dir.file("link.gif")));
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"link.gif"});
}

TEST(CommandLine, WithJsonErrorsAreOneJsonObject) {
  const std::pair<std::vector<std::string>, int> table[] = {
      {{"solve", "867254301", "--tile", "abc", "--json"}, 2},  // a parse error
      {{"solve", "12345678", "--json"}, 2},                    // bad input
      {{"solve", "213456780", "--json"}, 3},                   // unsolvable
      {{"check", "213456780", "--json", "--size", "9"}, 2},    // bad size
  };
  for (const auto& [args, status] : table) {
    const auto r = testing::run_slidegif(args);
    EXPECT_EQ(r.exit_code, status) << args[1];
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["exit_code"], status);
    EXPECT_FALSE(j["error"].get<std::string>().empty());
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  }
}

TEST(CommandLine, CheckSpeaksJson) {
  auto r = testing::run_slidegif({"check", "213456780", "--json"});
  EXPECT_EQ(r.exit_code, 3);
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["solvable"], false);
  EXPECT_EQ(j["start"], "213456780");
  EXPECT_EQ(j["goal"], "123456780");
  EXPECT_NE(j["explanation"].get<std::string>().find("inversion"), std::string::npos);
  r = testing::run_slidegif({"check", "867254301", "--json"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(nlohmann::json::parse(r.out)["solvable"], true);
}

}  // namespace
}  // namespace slidegif::cli

namespace slidegif::cli {
namespace {

TEST(CommandLine, OptionsThatDoNothingHereSaySo) {
  auto r = testing::run_slidegif({"solve", "867254301", "--theme", "dark", "--tween", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("note: --theme, --tween change only the animation, and without -o FILE "
                       "there is none: ignored"),
            std::string::npos)
      << r.err;
  testing::TempDir dir;
  r = testing::run_slidegif({"random", "--numbers", "-o", dir.file("a.gif")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("note: --numbers changes only a picture puzzle (--image FILE): ignored"),
            std::string::npos)
      << r.err;
  r = testing::run_slidegif({"solve", "867254301", "--theme", "dark", "-o", dir.file("b.gif")});
  EXPECT_EQ(r.err, "");
}

}  // namespace
}  // namespace slidegif::cli

namespace slidegif::cli {
namespace {

TEST(CommandLine, OptionsThatExcludeOrNeedEachOtherAreRefusedByTheParser) {
  const std::pair<std::vector<std::string>, std::vector<std::string>> table[] = {
      {{"solve", "867254301", "--batch", "-"}, {"--batch", "START"}},
      {{"solve", "867254301", "--jobs", "2"}, {"--jobs", "--batch"}},
      {{"solve", "--batch", "-", "-o", "x.gif"}, {"--output", "--batch"}},
      {{"random", "--goal", "123456780", "--random-goal"}, {"--random-goal", "--goal"}},
  };
  for (const auto& [args, names] : table) {
    const auto r = testing::run_slidegif(args);
    EXPECT_EQ(r.exit_code, 2) << args[1];
    EXPECT_TRUE(r.out.empty()) << r.out;
    for (const auto& name : names) EXPECT_NE(r.err.find(name), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace slidegif::cli

namespace slidegif::cli {
namespace {

// Pacing and look options: each bad value is refused naming the option and what it takes,
// before anything is written; good ones reach the GIF (its delays, its frames).
TEST(CommandLine, PacingAndLookOptions) {
  testing::TempDir dir;
  const std::string out = dir.file("a.gif");
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"--speed", "0"},
                                              {"--speed", "abc"},
                                              {"--speed", "11"},
                                              {"--max-duration", "0.5"},
                                              {"--max-duration", "x"},
                                              {"--max-duration", "-1"},
                                              {"--moves-per-frame", "0"},
                                              {"--moves-per-frame", "1001"}}) {
    std::vector<std::string> args = {"solve", "867254301", "-o", out};
    args.insert(args.end(), bad.begin(), bad.end());
    const auto r = testing::run_slidegif(args);
    EXPECT_EQ(r.exit_code, 2) << bad[0] << " " << bad[1];
    EXPECT_NE(r.err.find(bad[0]), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("takes"), std::string::npos) << r.err;
    EXPECT_TRUE(dir.entries().empty());
  }
  // 31 moves and 4.5 s of holds in at most 10 s: 177 ms a move instead of 500.
  auto r = testing::run_slidegif({"solve", "867254301", "-o", out, "--max-duration", "10"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto gif = testing::DecodedGif::decode_file(out);
  EXPECT_LE(gif.total_delay_cs(), 1000);
  EXPECT_GE(gif.total_delay_cs(), 970);
  EXPECT_EQ(gif.frame_count(), 1 + 31 * 4);
  r = testing::run_slidegif({"solve", "867254301", "-o", out, "--speed", "2", "--tween", "0",
                             "--no-captions", "--no-mark"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto fast = testing::DecodedGif::decode_file(out);
  EXPECT_EQ(fast.total_delay_cs(), (1500 + 30 * 500 + 3000) / 20);
  EXPECT_EQ(fast.frame_count(), 32);
  // Several moves a frame: 31 moves in 11 frames of 3 (the last 1), no slides.
  r = testing::run_slidegif({"solve", "867254301", "-o", out, "--moves-per-frame", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(testing::DecodedGif::decode_file(out).frame_count(), 1 + 11);
}

// A long answer (a 12x12 board, over 3,000 moves) is drawn several moves a frame, within the
// default minute and the frame limit, its last frame the goal.
TEST(CommandLine, LongAnswersFitTheirGif) {
  testing::TempDir dir;
  const std::string out = dir.file("long.gif");
  const auto r = testing::run_slidegif(
      {"random", "--size", "12", "--seed", "1", "--max-seconds", "1", "-o", out, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto moves = j["length"].get<long long>();
  ASSERT_GT(moves, 2000);
  const auto gif = testing::DecodedGif::decode_file(out);
  EXPECT_EQ(gif.frame_count(), j["frames"].get<int>());
  EXPECT_LE(gif.frame_count(), 2000);
  EXPECT_LE(gif.total_delay_cs(), 6000);
  EXPECT_GE(gif.total_delay_cs(), 5000);
  // ceil(moves / per) frames after the start, per the fewest within a minute at 60 ms a frame.
  const long long per = (moves + 924) / 925;
  EXPECT_EQ(gif.frame_count(), 1 + (moves + per - 1) / per);
}

}  // namespace
}  // namespace slidegif::cli
