// `import slidegif`: the public API (include/slidegif/) for Python, through pybind11. Boards
// are strings as on the command line ("867254301", "1,2,3/4,5,0") or nested lists of rows;
// errors are the library's messages, raised as ValueError (bad input, unsolvable, too large),
// TimeoutError (the budget ran out) or RuntimeError (drawing failed). Searches and rendering
// release the GIL, so other Python threads run meanwhile; Ctrl-C stops a solve.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "slidegif/slidegif.hpp"

namespace py = pybind11;
using namespace slidegif;

namespace {

std::string type_name(const py::handle& value) {
  return py::str(py::type::handle_of(value).attr("__name__"));
}

// An argument's value as T, or TypeError naming the argument and what it takes: pybind11's own
// message ("Unable to cast Python instance to C++ type") names neither.
template <class T>
T value_as(const py::handle& value, const std::string& name, const char* kind) {
  try {
    return value.cast<T>();
  } catch (const py::cast_error&) {
    throw py::type_error(name + " must be " + kind + ", not " + type_name(value));
  }
}

// The argument as a Python int, or TypeError naming it.
py::int_ int_of(const py::handle& value, const std::string& name) {
  if (!py::isinstance<py::int_>(value))
    throw py::type_error(name + " must be an int, not " + type_name(value));
  return py::reinterpret_borrow<py::int_>(value);
}

// Compared as Python ints, so that 10**30 is no overflow.
template <class T>
bool within(const py::int_& number, T lo, T hi) {
  return !(number < py::int_(lo)) && !(number > py::int_(hi));
}

// A Python int within [lo, hi] as T, or ValueError naming the argument and the range.
template <class T>
T int_within(const py::handle& value, const std::string& name, T lo, T hi) {
  const py::int_ number = int_of(value, name);
  if (!within(number, lo, hi)) {
    throw py::value_error(name + " must be " + std::to_string(lo) + " to " + std::to_string(hi) +
                          ", not " + std::string(py::str(value)));
  }
  return number.cast<T>();
}

// An int the library checks further (a tile size, a delay): here only that it fits an int.
int int_arg(const py::handle& value, const std::string& name) {
  const py::int_ number = int_of(value, name);
  if (!within(number, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()))
    throw py::value_error(name + " is out of range: " + std::string(py::str(value)));
  return number.cast<int>();
}

constexpr auto kMaxU64 = std::numeric_limits<std::uint64_t>::max();

// max_seconds as the library takes it (0 or less: no budget), or ValueError for a NaN, which
// no deadline compares with.
std::optional<double> seconds_arg(std::optional<double> seconds) {
  if (seconds && std::isnan(*seconds))
    throw py::value_error("max_seconds must be a number, not nan");
  return seconds;
}

// A board from a string, or from a list of rows (each a list of numbers).
Board board_of(const py::handle& value, const char* what) {
  if (py::isinstance<py::str>(value)) return parse_board(value.cast<std::string>());
  if (!py::isinstance<py::sequence>(value))
    throw py::type_error(std::string(what) + " must be a string or a list of rows");
  std::string text;
  for (const py::handle row : value.cast<py::sequence>()) {
    if (!py::isinstance<py::sequence>(row) || py::isinstance<py::str>(row))
      throw py::type_error(std::string(what) + ": each row must be a list of numbers");
    if (!text.empty()) text += '/';
    bool first = true;
    for (const py::handle tile : row.cast<py::sequence>()) {
      if (!py::isinstance<py::int_>(tile))
        throw py::type_error(std::string(what) + ": tiles must be whole numbers, not " +
                             std::string(py::str(py::repr(tile))));
      if (!first) text += ',';
      text += std::to_string(tile.cast<long long>());
      first = false;
    }
  }
  return parse_board(text);
}

Board goal_of(const py::object& goal, const Board& start) {
  return goal.is_none() ? Board::standard_goal(start.shape()) : board_of(goal, "goal");
}

Shape shape_of(const py::object& size) {
  if (py::isinstance<py::int_>(size)) return parse_shape(std::to_string(size.cast<int>()));
  if (py::isinstance<py::tuple>(size)) {
    const auto [rows, cols] = size.cast<std::pair<int, int>>();
    validate_shape({rows, cols});
    return {rows, cols};
  }
  if (!py::isinstance<py::str>(size))
    throw py::type_error("size must be a string ('3x4'), a number (4) or a tuple ((3, 4))");
  return parse_shape(size.cast<std::string>());
}

Metric metric_of(const std::string& name) {
  const auto metric = metric_from_name(name);
  if (!metric) throw py::value_error("metric must be 'stm' or 'mtm', not '" + name + "'");
  return *metric;
}

SolveOptions solve_options(std::optional<double> max_seconds, std::uint64_t max_nodes,
                           bool near_optimal, int threads = 1, Metric metric = Metric::SingleTile) {
  SolveOptions options;
  options.threads = threads;
  options.metric = metric;
  if (max_seconds) options.max_seconds = *max_seconds;
  options.max_nodes = max_nodes;
  options.near_optimal_fallback = near_optimal;
  return options;
}

Solver solver_of(const std::optional<std::string>& pdb_dir) {
  return Solver(pdb_dir ? *pdb_dir : default_pdb_dir());
}

struct PySolution {
  std::string moves;
  int length;          // in its metric
  std::string metric;  // "stm" or "mtm"
  bool optimal;
  std::string method;
  std::uint64_t nodes;
  double seconds;
};

PySolution solve_with(const Solver& solver, const py::object& start_obj, const py::object& goal_obj,
                      std::optional<double> max_seconds, const py::int_& max_nodes,
                      bool near_optimal, const py::int_& threads, const std::string& metric) {
  const Board start = board_of(start_obj, "start");
  const Board goal = goal_of(goal_obj, start);
  const SolveOptions options = solve_options(
      seconds_arg(max_seconds), int_within<std::uint64_t>(max_nodes, "max_nodes", 0, kMaxU64),
      near_optimal, int_within(threads, "threads", 1, 256), metric_of(metric));
  // Ctrl-C stops a long search: twice a second the search looks for a signal (with the GIL,
  // as Python handles signals), and one ends it with KeyboardInterrupt.
  std::atomic<bool> stop{false};
  bool interrupted = false;
  SolveControl control;
  control.stop = &stop;
  control.progress = [&](const SearchStats&) {
    const py::gil_scoped_acquire acquire;
    if (PyErr_CheckSignals() != 0) interrupted = stop = true;
  };
  Solution s;
  try {
    const py::gil_scoped_release release;
    s = solver.solve(start, goal, options, control);
  } catch (const Error&) {
    if (interrupted) throw py::error_already_set();  // the KeyboardInterrupt
    throw;
  }
  return {moves_to_string(s.moves),
          count_moves(s.moves, s.metric),
          metric_name(s.metric),
          s.optimal,
          s.method,
          s.stats.nodes,
          s.stats.seconds};
}

py::dict random_puzzle_with(const Solver& solver, const py::object& size,
                            const std::optional<py::int_>& seed, const py::object& moves,
                            bool random_goal) {
  PuzzleSpec spec;
  spec.shape = shape_of(size);
  if (seed) spec.seed = int_within<std::uint64_t>(*seed, "seed", 0, kMaxU64);
  if (py::isinstance<py::str>(moves) && moves.cast<std::string>() == "max")
    spec.moves = kHardestMoves;
  else if (!moves.is_none())
    spec.moves = int_within(moves, "moves", 0, std::numeric_limits<int>::max());
  spec.random_goal = random_goal;
  std::optional<Puzzle> picked;
  {
    const py::gil_scoped_release release;
    picked = solver.random_puzzle(spec);
  }
  py::dict out;
  out["start"] = format_board(picked->start);
  out["goal"] = format_board(picked->goal);
  out["seed"] = picked->seed ? py::cast(*picked->seed) : py::none();
  return out;
}

// Seconds as whole milliseconds in an int; the library checks the range it takes.
int duration_ms(double seconds, const std::string& name) {
  if (!std::isfinite(seconds) || std::abs(seconds) * 1000 > std::numeric_limits<int>::max())
    throw py::value_error(name + " is out of range: " + std::to_string(seconds));
  return static_cast<int>(std::lround(seconds * 1000));
}

TileNote tile_note_of(const std::string& name) {
  const auto note = tile_note_from_name(name);
  if (!note || *note == TileNote::None) {
    throw py::value_error("show_heuristic must be 'manhattan' or 'misplaced', not '" + name + "'");
  }
  return *note;
}

AnimationOptions look_of(const py::kwargs& look) {
  AnimationOptions o;
  // As on the command line: a size not asked for is a preference the board and limits may shrink.
  o.fit_tile = true;
  o.fit_tween = true;
  for (const auto& [key_handle, value] : look) {
    const std::string key = key_handle.cast<std::string>();
    if (key == "theme")
      o.theme = value_as<std::string>(value, key, "a str");
    else if (key == "title")
      o.title = value_as<std::string>(value, key, "a str");
    else if (key == "tile")
      o.tile_px = int_arg(value, key), o.fit_tile = false;
    else if (key == "delay")
      o.delay_ms = int_arg(value, key);
    else if (key == "first_hold")
      o.first_hold_ms = int_arg(value, key);
    else if (key == "last_hold")
      o.last_hold_ms = int_arg(value, key);
    else if (key == "tween")
      o.tween = int_arg(value, key), o.fit_tween = false;
    else if (key == "speed")
      o.speed = value_as<double>(value, key, "a number");
    else if (key == "max_duration")
      o.max_duration_ms = duration_ms(value_as<double>(value, key, "a number"), key);
    else if (key == "captions")
      o.captions = value_as<bool>(value, key, "a bool");
    else if (key == "mark")
      o.mark_moving = value_as<bool>(value, key, "a bool");
    else if (key == "loop")
      o.loop = int_arg(value, key);
    else if (key == "moves_per_frame")
      o.moves_per_frame = int_arg(value, key);
    else if (key == "lang")
      o.lang = value_as<std::string>(value, key, "a str");
    else if (key == "metric")
      o.metric = metric_of(value_as<std::string>(value, key, "a str"));
    else if (key == "font")
      o.font = load_font(value_as<std::string>(value, key, "a str (a path)"));
    else if (key == "picture")
      o.picture = read_picture(value_as<std::string>(value, key, "a str (a path)"));
    else if (key == "numbers")
      o.numbers = value_as<bool>(value, key, "a bool");
    else if (key == "dither")
      o.dither = value_as<bool>(value, key, "a bool");
    else if (key == "show_heuristic")
      o.tile_note = tile_note_of(value_as<std::string>(value, key, "a str"));
    else
      throw py::type_error("render() got an unexpected keyword argument '" + key +
                           "' (the look: theme, title, tile, delay, first_hold, last_hold, "
                           "tween, speed, max_duration, moves_per_frame, metric, captions, mark, "
                           "loop, lang, font, picture, numbers, dither, show_heuristic)");
  }
  return o;
}

py::bytes render_py(const py::object& start_obj, const py::object& goal_obj,
                    const std::string& format_name, const std::optional<std::string>& moves_text,
                    std::optional<double> max_seconds, const std::optional<py::int_>& frame,
                    const py::kwargs& look) {
  const Board start = board_of(start_obj, "start");
  const Board goal = goal_of(goal_obj, start);
  Encoding format{format_named(format_name)};
  if (frame) {
    if (format.format != OutputFormat::Png) {
      throw Error(Error::Kind::BadInput, "frame is a still's: it needs format='png'");
    }
    format.frame = int_arg(*frame, "frame");
  }
  AnimationOptions options = look_of(look);
  const std::optional<double> budget = seconds_arg(max_seconds);
  Animation animation;
  {
    py::gil_scoped_release release;
    std::vector<Move> moves;
    if (moves_text) {
      moves = moves_from_string(*moves_text);
      Board end = start;
      end.apply_all(moves);
    } else {
      const Solution s = solver_of(std::nullopt)
                             .solve(start, goal, solve_options(budget, 0, true, 1, options.metric));
      moves = s.moves;
      options.optimal = s.optimal;
    }
    animation = render(start, moves, options, format);
  }
  return py::bytes(reinterpret_cast<const char*>(animation.bytes.data()), animation.bytes.size());
}

py::dict run_dict(const SearchRun& r) {
  py::dict d;
  d["algorithm"] = r.algorithm;
  d["heuristic"] = r.heuristic;
  d["solved"] = r.solved;
  d["optimal"] = r.optimal;
  d["moves"] = r.solved ? py::cast(r.moves.size()) : py::none();
  d["solution"] = r.solved ? py::cast(moves_to_string(r.moves)) : py::none();
  d["expanded"] = r.expanded;
  d["generated"] = r.generated;
  d["max_held"] = r.max_held;
  d["bytes"] = r.bytes;
  d["seconds"] = r.seconds;
  d["stopped"] = r.stopped.empty() ? py::none() : py::cast(r.stopped);
  d["thresholds"] = r.thresholds;
  return d;
}

RunLimits run_limits(double max_seconds, const py::int_& max_nodes, const py::int_& max_memory_mb) {
  if (!std::isfinite(max_seconds) || max_seconds < 0.01 || max_seconds > 86400)
    throw py::value_error("max_seconds must be 0.01 to 86400, not " + std::to_string(max_seconds));
  return {.max_seconds = max_seconds,
          .max_expanded = int_within<std::uint64_t>(max_nodes, "max_nodes", 1, 100'000'000'000ull),
          .max_bytes = int_within<std::uint64_t>(max_memory_mb, "max_memory_mb", 1, 1u << 20)
                       << 20};
}

py::list compare_py(const py::object& start_obj, const py::object& goal_obj,
                    const std::optional<std::vector<std::string>>& algorithms, double max_seconds,
                    const py::int_& max_nodes, const py::int_& max_memory_mb) {
  const Board start = board_of(start_obj, "start");
  const Board goal = goal_of(goal_obj, start);
  const RunLimits limits = run_limits(max_seconds, max_nodes, max_memory_mb);
  std::vector<SearchRun> runs;
  {
    py::gil_scoped_release release;
    runs = compare_searches(start, goal, algorithms.value_or(std::vector<std::string>{}), limits);
  }
  py::list out;
  for (const SearchRun& r : runs) out.append(run_dict(r));
  return out;
}

py::bytes explain_py(const py::object& start_obj, const py::object& goal_obj,
                     const std::string& algorithm, const std::string& format_name,
                     double max_seconds, const py::int_& max_nodes, const py::int_& frames,
                     bool tree, const std::optional<py::int_>& frame, const py::kwargs& look) {
  const Board start = board_of(start_obj, "start");
  const Board goal = goal_of(goal_obj, start);
  ExplainOptions how{.algorithm = algorithm,
                     .limits = run_limits(max_seconds, max_nodes, py::int_(1024)),
                     .frames = int_within<int>(frames, "frames", 1, 800),
                     .tree = tree};
  Encoding format{OutputFormat::Png};
  if (tree) {
    if (format_name != "png" && format_name != "svg")
      throw py::value_error("a tree is format='png' or 'svg', not '" + format_name + "'");
    if (format_name == "svg") format.format = OutputFormat::Gif;  // anything but Png: SVG
  } else {
    format.format = format_named(format_name);
  }
  if (frame) {
    if (format.format != OutputFormat::Png || tree)
      throw Error(Error::Kind::BadInput, "frame is a still's: it needs format='png'");
    format.frame = int_arg(*frame, "frame");
  }
  const AnimationOptions options = look_of(look);
  Explanation e;
  {
    py::gil_scoped_release release;
    e = explain(start, goal, how, options, format);
  }
  return py::bytes(reinterpret_cast<const char*>(e.animation.bytes.data()),
                   e.animation.bytes.size());
}

}  // namespace

PYBIND11_MODULE(slidegif, m) {
  m.doc() =
      "Optimal sliding-tile puzzle solving, and its solutions as animated GIFs.\n\n"
      "Boards are strings as on the slidegif command line ('867254301', '1,2,3/4,5,0') or\n"
      "lists of rows ([[8, 6, 7], [2, 5, 4], [3, 0, 1]]); 0 is the blank. Moves are named by\n"
      "the direction the blank goes: U, D, L, R.";
  m.attr("__version__") = SLIDEGIF_VERSION;

  // The library's errors as Python's: what the user gave is wrong (ValueError), the search
  // ran out of budget (TimeoutError), drawing failed (RuntimeError).
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      switch (e.kind()) {
        case Error::Kind::BudgetExceeded:
        case Error::Kind::Cancelled:
          PyErr_SetString(PyExc_TimeoutError, e.what());
          return;
        case Error::Kind::Render:
          PyErr_SetString(PyExc_RuntimeError, e.what());
          return;
        case Error::Kind::BadInput:
        case Error::Kind::Unsolvable:
        case Error::Kind::Unsupported:
          PyErr_SetString(PyExc_ValueError, e.what());
          return;
      }
    }
  });

  py::class_<PySolution>(m, "Solution",
                         "A solution: its moves, and whether they are proven fewest.")
      .def_readonly("moves", &PySolution::moves, "the blank's moves, e.g. 'ULDR', a step a letter")
      .def_readonly("metric", &PySolution::metric,
                    "how the moves count: 'stm' (a tile a move) or 'mtm' (a run of one letter, "
                    "a line of tiles, a move)")
      .def_readonly("optimal", &PySolution::optimal, "True when proven the fewest moves")
      .def_readonly("method", &PySolution::method, "how it was found")
      .def_readonly("nodes", &PySolution::nodes, "search nodes expanded")
      .def_readonly("seconds", &PySolution::seconds, "time spent searching")
      .def("__len__", [](const PySolution& s) { return s.length; })
      .def("__repr__", [](const PySolution& s) {
        return "Solution(moves='" + s.moves + "', optimal=" + (s.optimal ? "True" : "False") + ")";
      });

  constexpr const char* kSolveDoc =
      "Solves START towards GOAL (default: 1..N-1 with the blank last) within max_seconds\n"
      "(default 5). Past the budget, or on boards too large to prove, the best answer found\n"
      "comes back with optimal=False, unless near_optimal=False (then TimeoutError).\n"
      "threads=N shares a long search between N threads; the answer is the same.\n"
      "metric='mtm' counts a line of tiles sliding together as one move; len() counts in it.";
  constexpr const char* kRandomDoc =
      "A random solvable puzzle of SIZE ('3x3', 4, (2, 5)): a dict with 'start', 'goal' and\n"
      "'seed'. The same seed gives the same puzzle (as `slidegif random --seed`). moves=N:\n"
      "a start exactly N moves from the goal; moves='max': as far as there is.";

  m.def(
      "solve",
      [](const py::object& start, const py::object& goal, std::optional<double> max_seconds,
         const py::int_& max_nodes, bool near_optimal, const std::optional<std::string>& pdb_dir,
         const py::int_& threads, const std::string& metric) {
        return solve_with(solver_of(pdb_dir), start, goal, max_seconds, max_nodes, near_optimal,
                          threads, metric);
      },
      py::arg("start"), py::arg("goal") = py::none(), py::arg("max_seconds") = py::none(),
      py::kw_only(), py::arg("max_nodes") = 0, py::arg("near_optimal") = true,
      py::arg("pdb_dir") = py::none(), py::arg("threads") = 1, py::arg("metric") = "stm",
      (std::string(kSolveDoc) +
       "\nPattern databases and tables are read from pdb_dir (default: where `slidegif pdb\n"
       "build` writes them); none is ever built here. Many solves: a Solver keeps them.")
          .c_str());

  py::class_<Solver>(m, "Solver",
                     "Keeps what makes repeated solves fast: the 3x3 distance table, and the\n"
                     "pattern databases and tables read from pdb_dir (default: where `slidegif\n"
                     "pdb build` writes them; '' for none). Never builds a database.")
      .def(py::init([](const std::optional<std::string>& pdb_dir) { return solver_of(pdb_dir); }),
           py::arg("pdb_dir") = py::none())
      .def("solve", &solve_with, py::arg("start"), py::arg("goal") = py::none(),
           py::arg("max_seconds") = py::none(), py::kw_only(), py::arg("max_nodes") = 0,
           py::arg("near_optimal") = true, py::arg("threads") = 1, py::arg("metric") = "stm",
           kSolveDoc)
      .def("random_puzzle", &random_puzzle_with, py::arg("size") = "3x3",
           py::arg("seed") = py::none(), py::arg("moves") = py::none(),
           py::arg("random_goal") = false, kRandomDoc);

  m.def(
      "check",
      [](const py::object& start_obj, const py::object& goal_obj) {
        const Board start = board_of(start_obj, "start");
        const SolvabilityReport r = check_solvable(start, goal_of(goal_obj, start));
        py::dict out;
        out["solvable"] = r.solvable;
        out["explanation"] = r.explanation;
        return out;
      },
      py::arg("start"), py::arg("goal") = py::none(),
      "Whether GOAL can be reached from START (the parity theorem): a dict with 'solvable'\n"
      "and 'explanation', the facts behind the verdict.");

  m.def(
      "random_puzzle",
      [](const py::object& size, const std::optional<py::int_>& seed, const py::object& moves,
         bool random_goal) {
        return random_puzzle_with(solver_of(std::nullopt), size, seed, moves, random_goal);
      },
      py::arg("size") = "3x3", py::arg("seed") = py::none(), py::arg("moves") = py::none(),
      py::arg("random_goal") = false, kRandomDoc);

  m.def("compare", &compare_py, py::arg("start"), py::arg("goal") = py::none(),
        py::arg("algorithms") = py::none(), py::kw_only(), py::arg("max_seconds") = 10.0,
        py::arg("max_nodes") = 50'000'000, py::arg("max_memory_mb") = 1024,
        "The classic searches on one puzzle of up to 16 cells, and slidegif's own: a dict a\n"
        "search with 'algorithm', 'heuristic', 'solved', 'optimal', 'moves', 'solution',\n"
        "'expanded', 'generated', 'max_held', 'bytes', 'seconds', 'stopped' (why it ended\n"
        "unsolved, within max_seconds, max_nodes and max_memory_mb each) and 'thresholds'\n"
        "(IDA*'s bounds). algorithms: names as `slidegif compare --algorithms` takes them\n"
        "('bfs', 'astar', 'idastar-lc', 'slidegif', ...); default: all.");
  m.def("explain", &explain_py, py::arg("start"), py::arg("goal") = py::none(),
        py::arg("algorithm") = "astar", py::arg("format") = "gif", py::kw_only(),
        py::arg("max_seconds") = 10.0, py::arg("max_nodes") = 1'000'000, py::arg("frames") = 150,
        py::arg("tree") = false, py::arg("frame") = py::none(),
        "ALGORITHM's search from START drawn as it runs (the bytes of a file in FORMAT, as\n"
        "render() takes it): each state expanded with g, h and f, the open and closed counts,\n"
        "the expansions by depth, then the answer. A long search is drawn every k-th\n"
        "expansion (about FRAMES to twice that drawn); one past max_nodes or max_seconds is\n"
        "drawn as far as it went. tree=True: the search tree as format='png' or 'svg' (60\n"
        "expansions at most). The look as render()'s keywords, show_heuristic too.");
  m.def("render", &render_py, py::arg("start"), py::arg("goal") = py::none(),
        py::arg("format") = "gif", py::kw_only(), py::arg("moves") = py::none(),
        py::arg("max_seconds") = py::none(), py::arg("frame") = py::none(),
        "The animation of START's optimal solution (or of the given moves) as the bytes of a\n"
        "file in FORMAT: 'gif', 'webp' (animated, lossless), 'apng', 'png' (one frame: FRAME,\n"
        "from 0, -1 the last; default 0), or video: 'mp4' (H.264), 'webm' (VP9). The look, with "
        "the command line's defaults: theme, "
        "title, tile (px),\n"
        "delay (ms a move), first_hold, last_hold, tween, speed, max_duration (s, 0: none),\n"
        "moves_per_frame (more than 1: no slides; default: more only for very long answers),\n"
        "metric ('mtm': solved in multi-tile moves, a line of tiles sliding as one step),\n"
        "captions, mark, loop, lang ('en', 'zh'), font (a path), picture (a path), numbers,\n"
        "dither, show_heuristic ('manhattan', 'misplaced': each tile's share written on it).");
}
