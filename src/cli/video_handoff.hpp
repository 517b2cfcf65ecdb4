#pragma once
// The slidegif command is linked statically, for 1 ms starts, and so without FFmpeg (Debian
// ships it shared only). A command that writes video (-o NAME.mp4, --format webm) is run again,
// unchanged, by slidegif-video: the same command line linked dynamically, with video, built
// beside slidegif and installed in lib/slidegif/ (CMakeLists.txt).
//
//   base_job(flags);                  // throws HandOffVideo before any work, when it must
//   catch (const HandOffVideo&) { run_video_program(argv); }

namespace slidegif::cli {

// Thrown where a command knows it writes video and this program cannot (slidegif::can_write).
struct HandOffVideo {};

// Replaces this process by slidegif-video with the same arguments. Returns only on failure,
// throwing Error(Unsupported) that says where it looked.
[[noreturn]] void run_video_program(const char* const* argv);

}  // namespace slidegif::cli
