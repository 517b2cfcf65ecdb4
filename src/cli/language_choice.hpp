#pragma once
// The captions' language on the command line: --lang, else the locale the environment names
// (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them), else English.

#include <functional>
#include <string>

namespace slidegif::cli {

struct LocaleEnv {
  const char* lc_all = nullptr;
  const char* lc_messages = nullptr;
  const char* lang = nullptr;
};
LocaleEnv locale_env();  // the process's

// A language code with a table (render/text/language.hpp). `flag` (--lang) first: an unknown one
// is English, said through `note`. Without it, the first set locale variable's language
// ("zh_CN.UTF-8" -> "zh"); one without a table ("fr_FR", "C", "POSIX") is English, silently.
std::string choose_language(const std::string& flag, const LocaleEnv& env,
                            const std::function<void(const std::string&)>& note);

}  // namespace slidegif::cli
