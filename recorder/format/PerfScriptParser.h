// Reads the text `perf script` prints into ProfileTables, line for line the way Brendan Gregg's
// stackcollapse-perf.pl (FlameGraph, October 2024) reads it, so that `runlens convert --to folded`
// prints byte for byte what that script prints, and the flame graph shows the same counts:
//
//   java 12688/12764 [002] 6544038.708352:   10101010 cpu-clock:      <- header: comm pid/tid [cpu] time: period event:
//   \t    7f722d142778 Ljava/io/PrintStream;::print+0x18 (/tmp/perf-19982.map)   <- frames, innermost first
//   \tffffffff8103ce3b native_safe_halt ([kernel.kallsyms])
//   (empty line)                                                      <- the sample ends
//
// - Every header form the script accepts: a command with blanks, "pid/tid" or only "tid" (pid then
//   unknown, "?" in folded output), with or without [cpu], timestamp and period, any event name.
// - Each sample weighs its period (1 when the header has none); only the first event type is kept
//   (the others are counted in statistics, with the name stackcollapse-perf.pl warns about).
// - Each sample keeps the command of its own header: a thread that calls exec is two tasks.
// - Frames: the "+0x.." offset cut, frames whose function starts with '(' skipped, "a->b" inline
//   chains split into a and b_[i], "[unknown]" functions kept with their module and address.
// - A sample counts only when an empty line ends it, stack lines after a header of another event
//   still join the sample before it, and a header does not reset the frames read so far: quirks of
//   the script, kept so that outputs agree.
//
// Plain C++ over one buffer (string_view and memchr, frame lines cached by their text, no
// allocation per line): it keeps up with `perf script` files of gigabytes. parse() also caches the
// frame lines of a sample after its first one as one block of text (see Block).
#pragma once

#include "InputLimits.h"
#include "InternTables.h"
#include "ProfileBuilder.h"

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::format {

struct PerfScriptStatistics {
    std::uint64_t lines = 0;
    std::uint64_t samples = 0;
    std::uint64_t unrecognizedLines = 0; // neither a header, a frame, a comment nor empty
    std::string firstUnrecognizedLine;
    std::uint64_t otherEventSamples = 0; // samples of a second event type, left out
    std::string event;                   // the event kept ("" when headers name none)
    std::string otherEvent;              // the first other event met: what the script's warning names
};

// Beyond these, parse(), read() and addLine() throw FormatError with a clause naming the limit
// (the caller adds the file's name). An import is held to InputLimits.h; the recorder reading its
// own perf's output passes larger ones.
struct PerfScriptLimits {
    std::uint64_t maxSamples = limits::kImportedSamples;
    std::uint32_t maxStackDepth = limits::kStackDepth;
    std::size_t maxLineBytes = limits::kLineBytes;
};

class PerfScriptParser
{
public:
    // Sample times are perf's timestamps (seconds of the clock perf recorded with) minus zeroNs.
    // The builder should keep commands per sample (ProfileBuilder::Commands::PerSample) for
    // folded output to match the script's.
    explicit PerfScriptParser(ProfileBuilder& builder, std::int64_t zeroNs = 0, const PerfScriptLimits& limits = {});

    // Whole lines; a last line without '\n' is a line too.
    void parse(std::string_view text);
    // Reads a stream to its end; afterLine (when given) is called after each line, when every
    // sample the builder holds is whole: a reader of a long recording writes them out there.
    void read(std::FILE* input, const std::function<void()>& afterLine = {});
    // One line without its '\n'.
    void addLine(std::string_view line);
    // Before the first line: the event kept, as the text before this parser's part of it named
    // first (a chunk of a text read in parallel: the first event of the whole text is the one kept).
    void keepEvent(std::string_view event) { m_statistics.event.assign(event); }

    // Info keys describing what was read: source, event, other_event_samples, unrecognized_lines.
    void describe(nlohmann::json& info) const;
    const PerfScriptStatistics& statistics() const { return m_statistics; }

private:
    void endSample();
    void frameLine(std::string_view line);
    // The rest of a sample from `begin` (its lines after the first frame line, up to the empty line
    // that ends it) as one Block: returns where the empty line starts, or nullptr when those lines
    // are to be read one by one (no empty line ends them, or they are not all frame lines).
    const char* readBlock(const char* begin, const char* end);

    // The frames of one frame line, outermost first, cached by the line's text: the same lines
    // repeat in every sample. Each chain also remembers the last stack it extended and the result:
    // the same call site is nearly always reached from the same callers, so most samples build
    // their stack without touching the (large, cache-missing) stack table.
    struct Chain {
        std::uint32_t offset = 0; // into m_chainFrames
        std::uint32_t count = 0;  // 0: a line whose frames are skipped
        std::uint32_t memoParent = 0xfffffffeu; // no stack id has this value
        std::uint32_t memoStack = kNoStack;
    };

    ProfileBuilder& m_builder;
    std::int64_t m_zeroNs;
    PerfScriptLimits m_limits;
    PerfScriptStatistics m_statistics;

    std::vector<Chain> m_chains;
    std::vector<std::uint32_t> m_chainFrames;
    StringTable m_chainByFunction; // function without offset, module (, address) -> chain
    StringTable m_chainByLine;     // the frame line as printed -> chain
    std::string m_lookupKey;
    std::string m_symbol;

    // The frame lines of a sample after its first one (the leaf, whose address differs from sample
    // to sample), to the empty line that ends it, cached by their text during one parse() (the
    // keys are that text, not copied): samples mostly repeat a stack seen before but for the leaf,
    // so a block read before costs one hash and one comparison of its bytes instead of a lookup
    // per line, and its frames, the outermost of the sample, one stack id instead of a lookup per
    // frame. The lines of a block are frame lines, so reading them again would push the same
    // chains, which make the same stack from the outermost: the cache changes nothing but the
    // time. Stack ids stay valid: the builder never forgets a stack.
    struct Block {
        std::uint32_t lines = 0;
        std::uint32_t stack = kNoStack; // its frames, from the outermost, once ready
        bool ready = false;             // read once, stack known
        bool framesOnly = true;         // false: it holds another line, read it line by line
    };
    static constexpr std::uint32_t kNoBlock = 0xffffffffu;
    std::vector<Block> m_blocks;
    StringTable m_blockByText;
    std::uint32_t m_pendingBlock = kNoBlock; // being read line by line: endSample() sets its stack
    std::uint32_t m_pendingChains = 0;       // its chains, the last in m_leafFirst
    bool m_outerKnown = false;               // a cached block gave the sample's outermost frames:
    std::uint32_t m_outerStack = kNoStack;   // their stack (not in m_leafFirst)
    bool m_sampleStarted = false;            // the last line was a header of a sample kept
    const char* m_noEmptyLineFrom = nullptr; // no empty line starts in [from, to) of the text
    const char* m_noEmptyLineTo = nullptr;

    // The sample being read: stackcollapse's $pname (defined), @stack and header fields.
    bool m_inSample = false;
    std::vector<std::uint32_t> m_leafFirst; // chains, innermost first
    std::string m_command;
    std::uint32_t m_pid = 0;
    std::uint32_t m_tid = 0;
    std::uint32_t m_cpu = 0;
    std::int64_t m_timeNs = 0;
    std::uint64_t m_period = 1;
};

// The info keys of PerfScriptParser::describe() for these statistics.
void describePerfScript(const PerfScriptStatistics& statistics, nlohmann::json& info);

// The profile of a whole `perf script` text: commands per sample, times from the first sample.
// A large text is read in parallel on a machine of enough cores (readPerfScriptInChunks,
// ParallelPerfScriptImport.h), to the same profile.
ProfileTables readPerfScript(std::string_view text, PerfScriptStatistics* statistics = nullptr);
// The same, on the calling thread whatever the size.
ProfileTables readPerfScriptOnOneThread(std::string_view text, PerfScriptStatistics* statistics = nullptr);

// The event the first header of `text` that names one names ("" when none does), as
// PerfScriptParser::parse() decides which event to keep.
std::string_view firstPerfScriptEvent(std::string_view text);

// Whether the text starts like `perf script` output: its first line that is neither a comment nor
// empty is a sample header, and a frame line or an empty line follows a header within the first
// lines. Folded stacks, CSV, JSON and logs do not.
bool looksLikePerfScript(std::string_view text);

// The kind of a frame perf printed with this module: "[kernel.kallsyms]", "[ext4]" and ".../vmlinux"
// are the kernel, "/tmp/perf-PID.map" and "[JIT] tid N" JIT code, "[unknown]" unknown, the rest
// (files, [vdso], [heap], [anon...]) user space.
FrameKind frameKindOfModule(std::string_view module);

} // namespace runlens::format
