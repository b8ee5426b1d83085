#include "IdList.h"

#include <QStringList>

#include <algorithm>

std::optional<std::vector<std::uint32_t>> parseIdList(const QString& text, std::size_t maxCount)
{
    std::vector<std::uint32_t> ids;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return ids;
    for (const QString& part : trimmed.split(QLatin1Char(','))) {
        const QStringList ends = part.trimmed().split(QLatin1Char('-'));
        if (ends.size() > 2)
            return std::nullopt;
        bool okFirst = false;
        bool okLast = false;
        const qulonglong first = ends.front().trimmed().toULongLong(&okFirst);
        const qulonglong last = ends.back().trimmed().toULongLong(&okLast);
        if (!okFirst || !okLast || first > last || last > 0xffffffffULL || last - first >= maxCount
            || ids.size() + (last - first) >= maxCount)
            return std::nullopt;
        for (qulonglong id = first; id <= last; ++id)
            ids.push_back(std::uint32_t(id));
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

QString formatIdList(const std::vector<std::uint32_t>& ids)
{
    QStringList parts;
    for (std::size_t i = 0; i < ids.size();) {
        std::size_t j = i;
        while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1)
            ++j;
        parts.append(j == i ? QString::number(ids[i]) : QStringLiteral("%1-%2").arg(ids[i]).arg(ids[j]));
        i = j + 1;
    }
    return parts.join(QLatin1Char(','));
}
