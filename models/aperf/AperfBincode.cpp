#include "AperfBincode.h"

#include <bit>
#include <chrono>
#include <cstring>
#include <limits>

namespace aperf {

namespace {

using Kind = BincodeError::Kind;

// Kernel config groups nest a few levels (menu → submenu); this bounds the recursion on hostile input.
constexpr int kMaxGroupDepth = 32;

// Smallest encodings, used to bound element counts by the bytes that remain.
constexpr std::uint64_t kMinStringBytes = 8;                        // an empty String
constexpr std::uint64_t kMinConfigEntryBytes = 4 + 2 * kMinStringBytes; // variant + name + value/entries

std::string quoted(std::string_view text)
{
    constexpr std::size_t kMaxShown = 48;
    std::string out = "\"";
    std::size_t shown = 0;
    for (const char c : text) {
        if (shown++ == kMaxShown) {
            out += "…";
            break;
        }
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x7f || c == '"' || c == '\\') {
            static constexpr char kHex[] = "0123456789abcdef";
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string sizeText(std::uint64_t bytes)
{
    return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

template<typename T>
T loadLittleEndian(const char* p)
{
    T value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
        value |= T(static_cast<unsigned char>(p[i])) << (8 * i);
    return value;
}

int digits(std::string_view text, std::size_t at, std::size_t count)
{
    int value = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        if (text[i] < '0' || text[i] > '9')
            return -1;
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

std::string readString(BincodeReader& reader)
{
    return std::string(reader.string());
}

// Calls readRecord until the bytes end; each record's errors name its index.
template<typename Record, typename ReadRecord>
std::vector<Record> readStream(std::string_view bytes, const std::string& fileName, ReadRecord readRecord)
{
    BincodeReader reader(bytes, fileName);
    std::vector<Record> records;
    while (!reader.atEnd()) {
        reader.setContext("record " + std::to_string(records.size()));
        records.push_back(readRecord(reader));
    }
    return records;
}

void expectEnd(const BincodeReader& reader)
{
    if (!reader.atEnd())
        reader.fail(Kind::TrailingBytes, reader.offset(),
                    sizeText(reader.remaining()) + " follow its one record at offset " + std::to_string(reader.offset()));
}

KernelConfigGroup readConfigGroup(BincodeReader& reader, int depth);

KernelConfigEntry readConfigEntry(BincodeReader& reader, int depth)
{
    const std::size_t at = reader.offset();
    const std::uint32_t variant = reader.variant();
    KernelConfigEntry entry;
    if (variant == 0) {
        entry.name = readString(reader);
        entry.value = readString(reader);
    } else if (variant == 1) {
        KernelConfigGroup group = readConfigGroup(reader, depth + 1);
        entry.isGroup = true;
        entry.name = std::move(group.name);
        entry.entries = std::move(group.entries);
    } else {
        reader.fail(Kind::BadValue, at,
                    "the kernel config entry at offset " + std::to_string(at) + " is of kind " + std::to_string(variant)
                        + ", not an entry (0) or a group (1)");
    }
    return entry;
}

KernelConfigGroup readConfigGroup(BincodeReader& reader, int depth)
{
    if (depth > kMaxGroupDepth)
        reader.fail(Kind::TooDeep, reader.offset(),
                    "its kernel config groups nest deeper than " + std::to_string(kMaxGroupDepth) + " levels at offset "
                        + std::to_string(reader.offset()));
    KernelConfigGroup group;
    group.name = readString(reader);
    const std::uint64_t entries = reader.count(kMinConfigEntryBytes);
    group.entries.reserve(std::size_t(entries));
    for (std::uint64_t i = 0; i < entries; ++i)
        group.entries.push_back(readConfigEntry(reader, depth));
    return group;
}

void flattenInto(const std::vector<KernelConfigEntry>& entries, std::map<std::string, std::string>& out)
{
    for (const KernelConfigEntry& entry : entries) {
        if (entry.isGroup)
            flattenInto(entry.entries, out);
        else
            out[entry.name] = entry.value;
    }
}

std::map<std::string, std::string> readStringMap(BincodeReader& reader)
{
    std::map<std::string, std::string> map;
    const std::uint64_t n = reader.count(2 * kMinStringBytes);
    for (std::uint64_t i = 0; i < n; ++i) {
        std::string key = readString(reader);
        map.insert_or_assign(std::move(key), readString(reader));
    }
    return map;
}

std::optional<std::string> readOptionalString(BincodeReader& reader)
{
    const std::size_t at = reader.offset();
    const std::uint8_t tag = reader.u8();
    if (tag == 0)
        return std::nullopt;
    if (tag != 1)
        reader.fail(Kind::BadValue, at, "the option tag at offset " + std::to_string(at) + " is " + std::to_string(tag)
                                            + ", not 0 (None) or 1 (Some)");
    return readString(reader);
}

std::optional<std::int64_t> readOptionalTimeEnum(BincodeReader& reader)
{
    const std::size_t at = reader.offset();
    const std::uint8_t tag = reader.u8();
    if (tag == 0)
        return std::nullopt;
    if (tag != 1)
        reader.fail(Kind::BadValue, at, "the option tag at offset " + std::to_string(at) + " is " + std::to_string(tag)
                                            + ", not 0 (None) or 1 (Some)");
    return reader.timeEnum();
}

// The parts of InitParams from pmu_config to perf_frequency, shared by every layout since 0.1.15.
void readMetaMiddle(BincodeReader& reader, MetaData& meta)
{
    meta.pmuConfig = readOptionalString(reader);
    meta.interval = reader.u64();
    meta.runName = readString(reader);
    meta.collectorVersion = readString(reader);
    meta.commitSha = readString(reader);
    meta.tmpDir = readString(reader);
    meta.runlog = readString(reader);
    meta.perfFrequency = reader.u32();
}

} // namespace

// --- BincodeReader ----------------------------------------------------------------------------

BincodeReader::BincodeReader(std::string_view bytes, std::string fileName, std::size_t baseOffset)
    : m_bytes(bytes), m_base(baseOffset), m_offset(baseOffset), m_fileName(std::move(fileName))
{
}

void BincodeReader::fail(BincodeError::Kind kind, std::size_t at, const std::string& what) const
{
    std::string message = m_fileName;
    message += kind == Kind::Truncated ? " is truncated" : " is damaged";
    if (!m_context.empty())
        message += " in " + m_context;
    message += ": " + what + ".";
    throw BincodeError(kind, at, message);
}

const char* BincodeReader::take(std::size_t n, const char* what)
{
    if (n > remaining())
        fail(Kind::Truncated, m_offset,
             std::string(what) + " needs " + sizeText(n) + " at offset " + std::to_string(m_offset) + " but has "
                 + std::to_string(remaining()));
    const char* p = m_bytes.data() + (m_offset - m_base);
    m_offset += n;
    return p;
}

std::uint8_t BincodeReader::u8()
{
    return static_cast<std::uint8_t>(*take(1, "a u8"));
}

bool BincodeReader::boolean()
{
    const std::size_t at = m_offset;
    const std::uint8_t value = static_cast<std::uint8_t>(*take(1, "a bool"));
    if (value > 1)
        fail(Kind::BadValue, at, "the bool at offset " + std::to_string(at) + " is " + std::to_string(value) + ", not 0 or 1");
    return value == 1;
}

std::uint32_t BincodeReader::u32()
{
    return loadLittleEndian<std::uint32_t>(take(4, "a u32"));
}

std::uint64_t BincodeReader::u64()
{
    return loadLittleEndian<std::uint64_t>(take(8, "a u64"));
}

std::int32_t BincodeReader::i32()
{
    return static_cast<std::int32_t>(loadLittleEndian<std::uint32_t>(take(4, "an i32")));
}

double BincodeReader::f64()
{
    return std::bit_cast<double>(loadLittleEndian<std::uint64_t>(take(8, "an f64")));
}

std::uint32_t BincodeReader::variant()
{
    return loadLittleEndian<std::uint32_t>(take(4, "an enum variant"));
}

std::uint64_t BincodeReader::count(std::uint64_t minElementBytes)
{
    const std::size_t at = m_offset;
    const std::uint64_t n = loadLittleEndian<std::uint64_t>(take(8, "a length prefix"));
    if (minElementBytes == 0)
        minElementBytes = 1;
    if (n > remaining() / minElementBytes)
        fail(n > kMaxStringBytes ? Kind::HugeLength : Kind::LengthPastEnd, at,
             "the length prefix at offset " + std::to_string(at) + " declares " + std::to_string(n)
                 + " elements, more than the " + sizeText(remaining()) + " that remain can hold");
    return n;
}

std::string_view BincodeReader::string()
{
    const std::size_t at = m_offset;
    const std::uint64_t n = loadLittleEndian<std::uint64_t>(take(8, "a string length"));
    if (n > kMaxStringBytes)
        fail(Kind::HugeLength, at,
             "the string length at offset " + std::to_string(at) + " declares " + std::to_string(n)
                 + " bytes, more than the limit of " + std::to_string(kMaxStringBytes >> 20) + " MiB");
    if (n > remaining())
        fail(Kind::LengthPastEnd, at,
             "the string length at offset " + std::to_string(at) + " declares " + sizeText(n) + " but only "
                 + std::to_string(remaining()) + " remain");
    const std::string_view text(m_bytes.data() + (m_offset - m_base), std::size_t(n));
    std::size_t bad = 0;
    if (!isValidUtf8(text, &bad))
        fail(Kind::NotUtf8, at,
             "the string at offset " + std::to_string(at) + " is not valid UTF-8 (byte 0x"
                 + [&] {
                       static constexpr char kHex[] = "0123456789abcdef";
                       const auto byte = static_cast<unsigned char>(text[bad]);
                       return std::string{kHex[byte >> 4], kHex[byte & 0xf]};
                   }()
                 + " at offset " + std::to_string(m_offset + bad) + ")");
    m_offset += std::size_t(n);
    return text;
}

std::int64_t BincodeReader::time()
{
    const std::size_t at = m_offset;
    const std::string_view text = string();
    const std::optional<std::int64_t> ns = parseUtcTime(text);
    if (!ns)
        fail(Kind::BadTime, at,
             "the time at offset " + std::to_string(at) + ", " + quoted(text)
                 + ", is not an RFC 3339 UTC time (YYYY-MM-DDTHH:MM:SS[.fraction]Z) between the years "
                 + std::to_string(kFirstYear) + " and " + std::to_string(kLastYear));
    return *ns;
}

std::int64_t BincodeReader::timeEnum()
{
    const std::size_t at = m_offset;
    const std::uint32_t kind = variant();
    if (kind != 0)
        fail(Kind::BadValue, at,
             "the time at offset " + std::to_string(at) + " is of kind " + std::to_string(kind)
                 + (kind == 1 ? " (a relative TimeDiff, which raw data never holds)" : " (unknown)")
                 + " instead of an absolute DateTime (0)");
    return time();
}

// --- Free helpers -----------------------------------------------------------------------------

std::optional<std::int64_t> parseUtcTime(std::string_view text)
{
    // YYYY-MM-DDTHH:MM:SS  then  [.d{1,9}]  then  Z | +00:00
    if (text.size() < 20 || text[4] != '-' || text[7] != '-' || text[10] != 'T' || text[13] != ':' || text[16] != ':')
        return std::nullopt;
    const int year = digits(text, 0, 4);
    const int month = digits(text, 5, 2);
    const int day = digits(text, 8, 2);
    const int hour = digits(text, 11, 2);
    const int minute = digits(text, 14, 2);
    const int second = digits(text, 17, 2);
    // Years 1970 to 2200 only: the importer subtracts one record's time from another's, and two
    // times anywhere in the range nanoseconds since 1970 can hold (1677 to 2262) differ by more
    // than 64 bits can (a fuzzed archive's "1726-..." after "2026-..." overflowed).
    if (year < kFirstYear || year > kLastYear || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0
        || minute > 59 || second < 0 || second > 60) // chrono writes a leap second as :60
        return std::nullopt;
    const std::chrono::year_month_day date{std::chrono::year(year), std::chrono::month(unsigned(month)),
                                           std::chrono::day(unsigned(day))};
    if (!date.ok())
        return std::nullopt;

    std::size_t pos = 19;
    std::int64_t fraction = 0;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        int count = 0;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
            if (++count > 9)
                return std::nullopt;
            fraction = fraction * 10 + (text[pos] - '0');
            ++pos;
        }
        if (count == 0)
            return std::nullopt;
        for (int i = count; i < 9; ++i)
            fraction *= 10;
    }
    const std::string_view zone = text.substr(pos);
    if (zone != "Z" && zone != "+00:00")
        return std::nullopt;

    const std::int64_t days = std::chrono::sys_days(date).time_since_epoch().count();
    const std::int64_t seconds = days * 86400 + hour * 3600 + minute * 60 + second;
    return seconds * 1'000'000'000 + fraction; // below 7.3e18 by the years allowed
}

bool isValidUtf8(std::string_view bytes, std::size_t* badOffset)
{
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while (i < n) {
        // Fast path over ASCII, eight bytes at a time: /proc text is nearly all ASCII.
        while (i + 8 <= n) {
            std::uint64_t block;
            std::memcpy(&block, p + i, 8);
            if (block & 0x8080808080808080ull)
                break;
            i += 8;
        }
        if (i >= n)
            break;
        const unsigned char c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xbf; // the allowed range of the second byte
        if (c >= 0xc2 && c <= 0xdf) {
            length = 2;
        } else if (c >= 0xe0 && c <= 0xef) {
            length = 3;
            if (c == 0xe0)
                low = 0xa0; // no overlong forms
            else if (c == 0xed)
                high = 0x9f; // no surrogates
        } else if (c >= 0xf0 && c <= 0xf4) {
            length = 4;
            if (c == 0xf0)
                low = 0x90;
            else if (c == 0xf4)
                high = 0x8f; // ≤ U+10FFFF
        } else {
            if (badOffset)
                *badOffset = i;
            return false;
        }
        for (std::size_t k = 1; k < length; ++k) {
            const bool ok = i + k < n && p[i + k] >= (k == 1 ? low : 0x80) && p[i + k] <= (k == 1 ? high : 0xbf);
            if (!ok) {
                if (badOffset)
                    *badOffset = i;
                return false;
            }
        }
        i += length;
    }
    return true;
}

// --- Records ----------------------------------------------------------------------------------

std::vector<TimedText> readTimedTexts(std::string_view bytes, const std::string& fileName)
{
    TimedTextDecoder decoder(fileName);
    std::vector<TimedText> records;
    decoder.feed(bytes, [&records](const TimedText& record) { records.push_back(record); });
    decoder.finish();
    return records;
}

TimedTextDecoder::TimedTextDecoder(std::string fileName, RecordShape shape) : m_fileName(std::move(fileName)), m_shape(shape) {}

std::size_t TimedTextDecoder::recordSize(std::string_view bytes) const
{
    // u32 Data variant, u32 TimeEnum variant, u64 length + time text, then the shape's fields:
    // u64 numbers and u64 length + text strings.
    const std::size_t numbers = m_shape == RecordShape::Processes ? 1 : 0;
    const std::size_t strings = m_shape == RecordShape::Memalloc ? 3 : 1;
    constexpr std::size_t kHead = 4 + 4 + 8;
    if (bytes.size() < kHead)
        return kHead;
    if (loadLittleEndian<std::uint32_t>(bytes.data() + 4) != 0)
        return bytes.size(); // not a DateTime: decode() says so now
    std::size_t size = kHead - 8;
    for (std::size_t field = 0; field < 1 + strings; ++field) {
        if (bytes.size() < size + 8)
            return size + 8;
        const auto length = loadLittleEndian<std::uint64_t>(bytes.data() + size);
        // A length no record can have: decode() says so now rather than waiting for bytes that
        // may never come.
        if (length > BincodeReader::kMaxStringBytes)
            return bytes.size();
        size += 8 + std::size_t(length);
        if (field == 0)
            size += 8 * numbers;
    }
    return size;
}

TimedText TimedTextDecoder::decode(std::string_view record)
{
    BincodeReader reader(record, m_fileName, m_offset);
    reader.setContext("record " + std::to_string(m_records));
    TimedText result;
    result.variant = reader.variant();
    result.timeNs = reader.timeEnum();
    if (m_shape == RecordShape::Processes)
        result.ticksPerSecond = reader.u64();
    result.text = reader.string();
    if (m_shape == RecordShape::Memalloc) {
        result.pagetypeinfo = reader.string();
        result.slabinfo = reader.string();
    }
    // The Data variant of every record of a file is the same type; a different one means the
    // stream lost its alignment or the file holds something else.
    if (m_records == 0) {
        m_variant = result.variant;
        m_firstRecordBytes = record.size();
    } else if (result.variant != m_variant) {
        throw BincodeError(Kind::BadValue, 0,
                           m_fileName + " is damaged: record " + std::to_string(m_records) + " is of data kind "
                               + std::to_string(result.variant) + " but record 0 of kind " + std::to_string(m_variant) + ".");
    }
    m_offset += record.size();
    ++m_records;
    return result;
}

void TimedTextDecoder::finish()
{
    if (m_pending.empty())
        return;
    // Not a whole record: reading it says what is missing, in the words of the whole-file reader.
    decode(m_pending);
    m_pending.clear();
}

std::vector<ProcessesRecord> readProcessesRecords(std::string_view bytes, const std::string& fileName)
{
    TimedTextDecoder decoder(fileName, RecordShape::Processes);
    std::vector<ProcessesRecord> records;
    decoder.feed(bytes, [&records](const TimedText& record) {
        records.push_back({record.variant, record.timeNs, record.ticksPerSecond, record.text});
    });
    decoder.finish();
    return records;
}

std::vector<AperfStatRecord> readAperfStats(std::string_view bytes, const std::string& fileName)
{
    return readStream<AperfStatRecord>(bytes, fileName, [](BincodeReader& reader) {
        AperfStatRecord record;
        record.timeNs = reader.timeEnum();
        record.name = readString(reader);
        const std::uint64_t n = reader.count(kMinStringBytes + 8);
        for (std::uint64_t i = 0; i < n; ++i) {
            std::string key = readString(reader);
            record.values.insert_or_assign(std::move(key), reader.u64());
        }
        return record;
    });
}

SystemInfo readSystemInfo(std::string_view bytes, const std::string& fileName)
{
    BincodeReader reader(bytes, fileName);
    SystemInfo info;
    reader.variant(); // Data::SystemInfo: its index is not stable across versions
    info.timeNs = reader.timeEnum();
    info.systemName = readString(reader);
    info.kernelVersion = readString(reader);
    info.osVersion = readString(reader);
    info.hostName = readString(reader);
    info.totalCpus = reader.u64();
    info.instance.instanceId = readString(reader);
    info.instance.localHostname = readString(reader);
    info.instance.amiId = readString(reader);
    info.instance.region = readString(reader);
    info.instance.instanceType = readString(reader);
    expectEnd(reader);
    return info;
}

SysctlData readSysctl(std::string_view bytes, const std::string& fileName)
{
    BincodeReader reader(bytes, fileName);
    SysctlData sysctl;
    reader.variant();
    sysctl.timeNs = reader.timeEnum();
    sysctl.values = readStringMap(reader);
    expectEnd(reader);
    return sysctl;
}

KernelConfig readKernelConfig(std::string_view bytes, const std::string& fileName)
{
    BincodeReader reader(bytes, fileName);
    KernelConfig config;
    reader.variant();
    config.timeNs = reader.timeEnum();
    const std::uint64_t groups = reader.count(2 * kMinStringBytes);
    config.groups.reserve(std::size_t(groups));
    for (std::uint64_t i = 0; i < groups; ++i)
        config.groups.push_back(readConfigGroup(reader, 0));
    expectEnd(reader);
    return config;
}

std::map<std::string, std::string> flattenKernelConfig(const KernelConfig& config)
{
    std::map<std::string, std::string> out;
    for (const KernelConfigGroup& group : config.groups)
        flattenInto(group.entries, out);
    return out;
}

MetaData readMetaData(std::string_view bytes, const std::string& fileName)
{
    // ≤ 1.2.2 start with time_now, a DateTime string; 1.2.3 with dir_name, which never parses as one.
    bool startsWithTime = true;
    {
        BincodeReader probe(bytes, fileName);
        try {
            probe.time();
        } catch (const BincodeError& error) {
            if (error.kind() != Kind::BadTime)
                throw; // not even a first string: no layout would read it
            startsWithTime = false;
        }
    }

    BincodeReader reader(bytes, fileName);
    MetaData meta;
    if (startsWithTime) {
        meta.timeNowNs = reader.time();
        meta.timeStr = readString(reader);
        meta.dirName = readString(reader);
        meta.period = reader.u64();
        meta.profile = readStringMap(reader);
        readMetaMiddle(reader, meta);
        if (reader.atEnd()) {
            meta.layout = MetaData::Layout::V0_1_15;
        } else {
            meta.layout = MetaData::Layout::V0_1_18;
            meta.hotlineFrequency = reader.u32();
            meta.numToReport = reader.u32();
        }
    } else {
        meta.layout = MetaData::Layout::V1_2_3;
        meta.dirName = readString(reader);
        meta.period = reader.u64();
        meta.profile = readStringMap(reader);
        readMetaMiddle(reader, meta);
        meta.saveProfileEvents = reader.boolean();
        meta.hotlineFrequency = reader.u32();
        meta.numToReport = reader.u32();
        meta.collectionStartNs = readOptionalTimeEnum(reader);
        meta.collectionEndNs = readOptionalTimeEnum(reader);
    }
    expectEnd(reader);
    return meta;
}

} // namespace aperf
