// Decoders for the .bin files of an APerf record archive (aws/aperf ≤ 1.2.3), which hold serde
// values written with bincode 1.x's free functions: little-endian, fixed-width integers, u64
// length prefixes, u32 enum indexes, chrono times as RFC 3339 strings (see
// /work/shared/reference/aperf-archive.md §3). The bytes are hostile input: every read is bounded
// by what remains, nothing is allocated from a length prefix before it is checked, and each failure
// is an AperfBincodeError whose message is one sentence naming the file, the record and the offset.
// Plain C++: no Qt, so that a command-line tool could decode APerf data too.
#pragma once

#include "FormatError.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aperf {

class BincodeError : public runlens::format::FormatError
{
public:
    enum class Kind {
        Truncated,      // a fixed-size value runs past the end of the bytes
        LengthPastEnd,  // a length prefix (string, sequence, map) claims more than remains
        HugeLength,     // a length prefix beyond any sane size (e.g. 2^63)
        NotUtf8,        // a Rust String that is not valid UTF-8
        BadTime,        // a DateTime<Utc> string that is not RFC 3339 UTC
        BadValue,       // an enum index, a bool byte or a time kind that cannot be there
        TooDeep,        // nested kernel config groups deeper than we follow
        TrailingBytes,  // a single-record file with bytes after its record
    };

    BincodeError(Kind kind, std::size_t offset, const std::string& message)
        : FormatError(message), m_kind(kind), m_offset(offset)
    {
    }
    Kind kind() const { return m_kind; }
    std::size_t offset() const { return m_offset; } // where the bad value starts in the file

private:
    Kind m_kind;
    std::size_t m_offset;
};

// Reads bincode (legacy options) values from one file's bytes, which must outlive the reader and
// the string_views it returns.
class BincodeReader
{
public:
    // Strings are Rust Strings: this caps one at 256 MiB, far beyond any /proc text APerf saves.
    static constexpr std::uint64_t kMaxStringBytes = 256ull << 20;

    // `baseOffset`: where `bytes` start in the file (a piece of a file read as it streams in), so
    // that messages name offsets in the file.
    explicit BincodeReader(std::string_view bytes, std::string fileName = "the APerf data", std::size_t baseOffset = 0);

    bool atEnd() const { return remaining() == 0; }
    std::size_t offset() const { return m_offset; } // in the file
    std::size_t remaining() const { return m_bytes.size() - (m_offset - m_base); }
    const std::string& fileName() const { return m_fileName; }

    // Named in every message ("record 3"); empty for single-record files.
    void setContext(std::string context) { m_context = std::move(context); }

    std::uint8_t u8();
    bool boolean(); // 0 or 1, anything else is an error (as in bincode)
    std::uint32_t u32();
    std::uint64_t u64();
    std::int32_t i32();
    double f64();
    // u64 byte count, then that many bytes of UTF-8; a view into the file's bytes.
    std::string_view string();
    // A chrono DateTime<Utc>: "YYYY-MM-DDTHH:MM:SS[.f…]Z" (0 to 9 fraction digits; "+00:00" is
    // accepted for "Z"), as nanoseconds since the Unix epoch.
    std::int64_t time();
    // APerf's TimeEnum: variant 0 = DateTime (the only one raw data uses). TimeDiff (1) is refused.
    std::int64_t timeEnum();
    // An enum's u32 variant index.
    std::uint32_t variant();
    // The u64 element count of a Vec or map whose elements take at least minElementBytes each:
    // a count that cannot fit in what remains is refused before anything is allocated.
    std::uint64_t count(std::uint64_t minElementBytes);

    // Throws BincodeError: "<file> is damaged[ in <context>]: <what>."
    [[noreturn]] void fail(BincodeError::Kind kind, std::size_t at, const std::string& what) const;

private:
    const char* take(std::size_t n, const char* what);

    std::string_view m_bytes;
    std::size_t m_base = 0;   // the file offset of m_bytes[0]
    std::size_t m_offset = 0; // in the file
    std::string m_fileName;
    std::string m_context;
};

// The years an APerf time may fall in (parseUtcTime): any two such times, in nanoseconds since
// 1970, differ by less than 2^63.
inline constexpr int kFirstYear = 1970;
inline constexpr int kLastYear = 2200;

// Parses an RFC 3339 UTC time as chrono writes it; nullopt when it is anything else or outside
// kFirstYear to kLastYear.
std::optional<std::int64_t> parseUtcTime(std::string_view text);
// Whether the bytes are valid UTF-8 by Rust's rules (no overlong forms, no surrogates, ≤ U+10FFFF);
// on failure, *badOffset is the offset of the first bad byte.
bool isValidUtf8(std::string_view bytes, std::size_t* badOffset = nullptr);

// --- Records --------------------------------------------------------------------------------

// The common shape of APerf's time series: `Data::<X>Raw { time: TimeEnum, data: String }`
// (cpu_utilization, vmstat, meminfo, interrupts, diskstats, netstat, numastat, perf_stat,
// ena_stat, efa_stat). `variant` is the Data enum index, which is not stable across APerf versions
// (dispatch on the file name), but is the same for every record of one file.
struct TimedText {
    std::uint32_t variant = 0;
    std::int64_t timeNs = 0;
    std::string_view text; // a view into the file's bytes
    // The other fields of the shapes below (RecordShape).
    std::uint64_t ticksPerSecond = 0;      // Processes
    std::string_view pagetypeinfo;         // Memalloc (text is its buddyinfo)
    std::string_view slabinfo;             // Memalloc
};

// The shapes of APerf's time-series records: what follows the time.
enum class RecordShape {
    Text,      // `{ time, data: String }`
    Processes, // `Data::ProcessesRaw { time, ticks_per_second: u64, data: String }`
    Memalloc,  // `Data::MemallocDataRaw { time, buddyinfo, pagetypeinfo, slabinfo: String }` (≥ 1.2.2)
};

// `Data::ProcessesRaw { time, ticks_per_second: u64, data: String }`.
struct ProcessesRecord {
    std::uint32_t variant = 0;
    std::int64_t timeNs = 0;
    std::uint64_t ticksPerSecond = 0;
    std::string_view text; // concatenated /proc/<pid>/stat lines
};

// Records back to back until the end of the bytes; a record cut short is an error naming its index.
// All throw BincodeError.
std::vector<TimedText> readTimedTexts(std::string_view bytes, const std::string& fileName);

// The records of a TimedText file decoded as its bytes arrive, in pieces of any size (an archive
// entry read block by block): only the record a piece cuts is copied, to wait for its end, so an
// hour of /proc/interrupts never has to be in memory at once. Same rules and messages as
// readTimedTexts, which is this decoder given the whole file.
class TimedTextDecoder
{
public:
    explicit TimedTextDecoder(std::string fileName, RecordShape shape = RecordShape::Text);

    // Decodes the records that `piece` completes, in order. Throws BincodeError.
    template<typename OnRecord>
    void feed(std::string_view piece, OnRecord&& onRecord)
    {
        // First the record the previous piece cut, completed from this one.
        while (!m_pending.empty()) {
            const std::size_t size = recordSize(m_pending);
            if (size <= m_pending.size()) {
                onRecord(decode(m_pending));
                m_pending.clear();
                break;
            }
            if (piece.empty())
                return;
            const std::size_t take = std::min(size - m_pending.size(), piece.size());
            m_pending.append(piece.substr(0, take));
            piece.remove_prefix(take);
        }
        for (std::size_t size = recordSize(piece); size <= piece.size(); size = recordSize(piece)) {
            onRecord(decode(piece.substr(0, size)));
            piece.remove_prefix(size);
        }
        m_pending.assign(piece);
    }
    // The file has ended: throws BincodeError when its last record is incomplete.
    void finish();

    std::size_t records() const { return m_records; }
    // The size of the first record: with the file's size, an estimate of the number of records.
    std::size_t firstRecordBytes() const { return m_firstRecordBytes; }

private:
    // The bytes the record at the start of `bytes` takes, as far as `bytes` tell: more than
    // bytes.size() while it is incomplete; bytes.size() when its lengths are already wrong, so
    // that decode() says how rather than waiting for bytes that may never come.
    std::size_t recordSize(std::string_view bytes) const;
    TimedText decode(std::string_view record);

    std::string m_fileName;
    RecordShape m_shape;
    std::string m_pending;   // the start of a record cut by the end of a piece
    std::size_t m_offset = 0; // the file offset of the next record
    std::size_t m_records = 0;
    std::size_t m_firstRecordBytes = 0;
    std::uint32_t m_variant = 0; // record 0's
};
std::vector<ProcessesRecord> readProcessesRecords(std::string_view bytes, const std::string& fileName);

// aperf_stats.bin (≤ 1.2.3), NOT wrapped in Data: `AperfStat { time: TimeEnum, name: String,
// data: HashMap<String, u64> }` — microseconds per "<data>-collect" / "<data>-print" / "aperf".
struct AperfStatRecord {
    std::int64_t timeNs = 0;
    std::string name;
    std::map<std::string, std::uint64_t> values;
};
std::vector<AperfStatRecord> readAperfStats(std::string_view bytes, const std::string& fileName);

// --- Single-record files (one Data value; bytes after it are an error) ------------------------

struct SystemInfo {
    std::int64_t timeNs = 0;
    std::string systemName;
    std::string kernelVersion;
    std::string osVersion;
    std::string hostName;
    std::uint64_t totalCpus = 0;
    struct Ec2Metadata {
        std::string instanceId;
        std::string localHostname;
        std::string amiId;
        std::string region;
        std::string instanceType;
    } instance;
};
SystemInfo readSystemInfo(std::string_view bytes, const std::string& fileName);

// `SysctlData { time, sysctl_data: BTreeMap<String, String> }`.
struct SysctlData {
    std::int64_t timeNs = 0;
    std::map<std::string, std::string> values;
};
SysctlData readSysctl(std::string_view bytes, const std::string& fileName);

// `KernelConfig { time, kernel_config_data: Vec<KernelConfigEntryGroup { name, entries: Vec<Entry> }> }`
// with `enum Entry { ConfigEntry { name, value } = 0, ConfigGroup(KernelConfigEntryGroup) = 1 }`.
struct KernelConfigEntry {
    bool isGroup = false;
    std::string name;                       // CONFIG_X, or the group's title
    std::string value;                      // empty for a group
    std::vector<KernelConfigEntry> entries; // a group's entries, in file order
};
struct KernelConfigGroup {
    std::string name;
    std::vector<KernelConfigEntry> entries;
};
struct KernelConfig {
    std::int64_t timeNs = 0;
    std::vector<KernelConfigGroup> groups;
};
KernelConfig readKernelConfig(std::string_view bytes, const std::string& fileName);
// Every CONFIG_X → value of all groups and subgroups (a later duplicate wins).
std::map<std::string, std::string> flattenKernelConfig(const KernelConfig& config);

// meta_data.bin: APerf's InitParams. Known layouts: 0.1.15…0.1.17 (without the last two u32),
// 0.1.18…1.2.2 (the 1.2.0 of the fixtures) and 1.2.3 (no time_now/time_str, collection window).
struct MetaData {
    enum class Layout { V0_1_15, V0_1_18, V1_2_3 };
    Layout layout = Layout::V0_1_18;
    std::optional<std::int64_t> timeNowNs; // ≤ 1.2.2: when `aperf record` started (before preparing)
    std::string timeStr;                   // ≤ 1.2.2: "YYYY-MM-DD_HH_MM_SS", the file name suffix
    std::string dirName;
    std::uint64_t period = 0;   // seconds
    std::map<std::string, std::string> profile;
    std::optional<std::string> pmuConfig;
    std::uint64_t interval = 0; // seconds
    std::string runName;
    std::string collectorVersion;
    std::string commitSha;
    std::string tmpDir;
    std::string runlog;
    std::uint32_t perfFrequency = 0;
    std::optional<bool> saveProfileEvents;       // 1.2.3
    std::optional<std::uint32_t> hotlineFrequency; // ≥ 0.1.18
    std::optional<std::uint32_t> numToReport;      // ≥ 0.1.18
    std::optional<std::int64_t> collectionStartNs; // 1.2.3
    std::optional<std::int64_t> collectionEndNs;   // 1.2.3
};
MetaData readMetaData(std::string_view bytes, const std::string& fileName);

} // namespace aperf
