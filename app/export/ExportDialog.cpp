#include "ExportDialog.h"

#include "ExportFonts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>

namespace {

constexpr int kPreviewWidth = 480;

} // namespace

ExportDialog::ExportDialog(const Choices& choices, FigureFactory factory, QWidget* parent)
    : QDialog(parent)
    , m_choices(choices)
    , m_factory(std::move(factory))
{
    setWindowTitle(tr("Export"));

    m_subject = new QComboBox;
    m_subject->addItem(tr("Charts"), int(ExportSubject::Charts));
    if (!choices.heatMapCharts.empty())
        m_subject->addItem(tr("Heat map"), int(ExportSubject::HeatMap));
    if (choices.hasFlameGraph)
        m_subject->addItem(tr("Flame graph (as shown)"), int(ExportSubject::FlameGraph));
    if (choices.hasSummary)
        m_subject->addItem(tr("Summary table (as filtered)"), int(ExportSubject::Summary));

    m_charts = new QListWidget;
    for (const QString& title : choices.charts) {
        auto* item = new QListWidgetItem(title, m_charts);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    m_charts->setMaximumHeight(120);
    m_pagePerChart = new QCheckBox(tr("One page per chart (PDF)"));
    m_heatMap = new QComboBox;
    for (const int chart : choices.heatMapCharts)
        m_heatMap->addItem(choices.charts.value(chart), chart);

    m_window = new QComboBox;
    m_window->addItem(tr("What the charts show (zoom)"), int(ExportWindow::View));
    if (choices.hasSelection)
        m_window->addItem(tr("The time selection"), int(ExportWindow::Selection));
    m_window->addItem(tr("The whole run"), int(ExportWindow::WholeRun));
    if (choices.hasTrims)
        m_window->addItem(tr("Each run's trim window"), int(ExportWindow::TrimWindows));

    m_format = new QComboBox;
    m_format->addItem(tr("PNG image"), int(ExportFormat::Png));
    m_format->addItem(tr("SVG vector drawing"), int(ExportFormat::Svg));
    m_format->addItem(tr("PDF document"), int(ExportFormat::Pdf));
    m_size = new QComboBox;
    for (const ExportSizePreset& preset : exportSizePresets())
        m_size->addItem(preset.name, preset.size);
    m_size->addItem(tr("Custom"), QSize());
    m_width = new QSpinBox;
    m_height = new QSpinBox;
    for (QSpinBox* box : {m_width, m_height}) {
        box->setRange(100, 10000);
        box->setSuffix(tr(" px"));
    }
    m_width->setValue(1920);
    m_height->setValue(1080);
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_size);
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×")));
    sizeRow->addWidget(m_height);
    sizeRow->addStretch();
    m_scale = new QComboBox;
    for (const int scale : {1, 2, 3})
        m_scale->addItem(QStringLiteral("%1×").arg(scale), scale);
    m_style = new QComboBox;
    m_style->addItem(tr("Presentation (large type, thick lines)"), int(ExportStyle::Kind::Presentation));
    m_style->addItem(tr("Report (closer to the screen)"), int(ExportStyle::Kind::Screen));

    m_title = new QLineEdit(choices.text.title);
    m_defaultSubtitle = choices.windowSubtitles.value(int(ExportWindow::View), choices.text.subtitle);
    m_subtitle = new QLineEdit(m_defaultSubtitle);
    m_footnote = new QLineEdit;
    m_footnote->setPlaceholderText(tr("Optional, e.g. the workload and its settings"));
    m_hostFacts = new QCheckBox(tr("Add each run's host (instance type, CPU, memory, kernel) to the footnote"));

    m_preview = new QLabel;
    m_preview->setMinimumSize(kPreviewWidth, kPreviewWidth * 9 / 16);
    m_preview->setAlignment(Qt::AlignCenter);
    m_preview->setFrameShape(QFrame::StyledPanel);
    m_pages = new QLabel;

    auto* form = new QFormLayout;
    form->addRow(tr("E&xport:"), m_subject);
    form->addRow(tr("Cha&rts:"), m_charts);
    form->addRow(QString(), m_pagePerChart);
    form->addRow(tr("&Heat map of:"), m_heatMap);
    form->addRow(tr("&Window:"), m_window);
    form->addRow(tr("&Format:"), m_format);
    auto* sizeLabel = new QLabel(tr("&Size:"));
    sizeLabel->setBuddy(m_size); // a row holding a layout gets no buddy of its own
    form->addRow(sizeLabel, sizeRow);
    form->addRow(tr("Sc&ale:"), m_scale);
    form->addRow(tr("St&yle:"), m_style);
    form->addRow(tr("&Title:"), m_title);
    form->addRow(tr("Su&btitle:"), m_subtitle);
    form->addRow(tr("F&ootnote:"), m_footnote);
    form->addRow(QString(), m_hostFacts);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    QPushButton* exportButton = buttons->addButton(tr("&Export…"), QDialogButtonBox::AcceptRole);
    exportButton->setDefault(true);
    QPushButton* copyButton = buttons->addButton(tr("&Copy Image"), QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(exportButton, &QPushButton::clicked, this, &ExportDialog::exportWithDialog);
    connect(copyButton, &QPushButton::clicked, this, &ExportDialog::copyToClipboard);

    auto* columns = new QHBoxLayout;
    columns->addLayout(form, 1);
    auto* previewColumn = new QVBoxLayout;
    previewColumn->addWidget(m_preview);
    previewColumn->addWidget(m_pages);
    previewColumn->addStretch();
    columns->addLayout(previewColumn);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns);
    layout->addWidget(buttons);

    // The last format, size, scale and style, as people export the same way for a whole deck.
    QSettings settings;
    m_format->setCurrentIndex(std::max(0, m_format->findData(settings.value(QStringLiteral("export/format"), 0))));
    m_size->setCurrentIndex(std::max(0, m_size->findText(settings.value(QStringLiteral("export/size")).toString())));
    m_scale->setCurrentIndex(std::max(0, m_scale->findData(settings.value(QStringLiteral("export/scale"), 1))));
    m_style->setCurrentIndex(std::max(0, m_style->findData(settings.value(QStringLiteral("export/style"), 0))));

    m_previewTimer.setSingleShot(true);
    m_previewTimer.setInterval(150);
    connect(&m_previewTimer, &QTimer::timeout, this, &ExportDialog::updatePreview);
    for (QComboBox* box : {m_subject, m_heatMap, m_window, m_format, m_size, m_scale, m_style})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { updateControls(); schedulePreview(); });
    for (QSpinBox* box : {m_width, m_height})
        connect(box, &QSpinBox::valueChanged, this, &ExportDialog::schedulePreview);
    for (QLineEdit* field : {m_title, m_subtitle, m_footnote})
        connect(field, &QLineEdit::textChanged, this, &ExportDialog::schedulePreview);
    connect(m_charts, &QListWidget::itemChanged, this, &ExportDialog::schedulePreview);
    connect(m_pagePerChart, &QCheckBox::toggled, this, &ExportDialog::schedulePreview);
    connect(m_hostFacts, &QCheckBox::toggled, this, &ExportDialog::schedulePreview);
    updateControls();
    updatePreview();
}

void ExportDialog::setSubject(ExportSubject subject)
{
    const int index = m_subject->findData(int(subject));
    if (index >= 0)
        m_subject->setCurrentIndex(index);
}

void ExportDialog::focusChart(int index)
{
    for (int i = 0; i < m_charts->count(); ++i)
        m_charts->item(i)->setCheckState(i == index ? Qt::Checked : Qt::Unchecked);
    if (const int heatMap = m_heatMap->findData(index); heatMap >= 0)
        m_heatMap->setCurrentIndex(heatMap);
}

void ExportDialog::updateControls()
{
    const auto subject = ExportSubject(m_subject->currentData().toInt());
    m_charts->setEnabled(subject == ExportSubject::Charts);
    m_pagePerChart->setEnabled(subject == ExportSubject::Charts && m_format->currentData().toInt() == int(ExportFormat::Pdf));
    m_heatMap->setEnabled(subject == ExportSubject::HeatMap);
    m_window->setEnabled(subject != ExportSubject::Summary && subject != ExportSubject::FlameGraph);
    const bool custom = !m_size->currentData().toSize().isValid();
    if (!custom) {
        const QSize preset = m_size->currentData().toSize();
        m_width->setValue(preset.width());
        m_height->setValue(preset.height());
    }
    m_width->setEnabled(custom);
    m_height->setEnabled(custom);
    m_scale->setEnabled(m_format->currentData().toInt() == int(ExportFormat::Png));
    const auto computed = m_choices.computedSubtitles.find(subject);
    const QString windowSubtitle = computed != m_choices.computedSubtitles.end()
                                       ? computed->second
                                       : m_choices.windowSubtitles.value(m_window->currentData().toInt());
    if (!windowSubtitle.isEmpty() && m_subtitle->text() == m_defaultSubtitle) {
        m_defaultSubtitle = windowSubtitle;
        m_subtitle->setText(windowSubtitle);
    }
}

ExportRequest ExportDialog::request() const
{
    ExportRequest request;
    request.subject = ExportSubject(m_subject->currentData().toInt());
    if (request.subject == ExportSubject::Charts) {
        for (int i = 0; i < m_charts->count(); ++i) {
            if (m_charts->item(i)->checkState() == Qt::Checked)
                request.charts.push_back(i);
        }
    } else if (request.subject == ExportSubject::HeatMap && m_heatMap->currentIndex() >= 0) {
        request.charts.push_back(m_heatMap->currentData().toInt());
    }
    request.pagePerChart = m_pagePerChart->isEnabled() && m_pagePerChart->isChecked();
    request.window = ExportWindow(m_window->currentData().toInt());
    request.text = {m_title->text(), m_subtitle->text(), m_footnote->text()};
    request.hostFacts = m_hostFacts->isChecked();
    return request;
}

ExportTarget ExportDialog::target() const
{
    ExportTarget target;
    target.format = ExportFormat(m_format->currentData().toInt());
    target.size = QSize(m_width->value(), m_height->value());
    target.scale = m_scale->currentData().toInt();
    const QString family = ExportFonts::family();
    target.style = m_style->currentData().toInt() == int(ExportStyle::Kind::Screen) ? ExportStyle::screen(target.size, family)
                                                                                    : ExportStyle::presentation(target.size, family);
    target.title = m_title->text();
    return target;
}

QImage ExportDialog::renderFirstPage() const
{
    const auto figures = m_factory(request());
    if (figures.empty())
        return {};
    ExportTarget preview = target();
    preview.scale = 1;
    return FigureWriter::renderImage(*figures.front(), preview);
}

void ExportDialog::schedulePreview()
{
    m_previewTimer.start();
}

void ExportDialog::updatePreview()
{
    const ExportTarget current = target();
    const auto figures = m_factory(request());
    if (figures.empty()) {
        m_preview->setPixmap({});
        m_preview->setText(tr("Nothing to export: choose at least one chart."));
        m_pages->clear();
        return;
    }
    // Drawn at the real size and scaled down, so the preview shows the slide's true proportions of
    // type and lines, not a re-layout for a small page.
    ExportTarget full = current;
    full.scale = 1;
    const QImage image = FigureWriter::renderImage(*figures.front(), full);
    m_preview->setPixmap(QPixmap::fromImage(image.scaledToWidth(kPreviewWidth, Qt::SmoothTransformation)));
    int pages = 0;
    for (const auto& figure : figures)
        pages += figure->pageCount(QSizeF(current.size), current.style);
    // PNG and SVG hold one page: of a longer table they hold the first ("… and 597 more" at its
    // foot), which the count says rather than promising pages the file will not have.
    const bool firstPageOnly = current.format != ExportFormat::Pdf && pages > 1;
    m_pages->setText((firstPageOnly ? tr("Page 1 of %1 (PDF holds them all), %2 × %3 px") : tr("Pages: %1, %2 × %3 px"))
                         .arg(pages)
                         .arg(current.size.width())
                         .arg(current.size.height())
                     + (current.format == ExportFormat::Png && current.scale > 1
                            ? tr(" (written at %1 × %2)").arg(current.size.width() * int(current.scale)).arg(current.size.height() * int(current.scale))
                            : QString()));
}

QString ExportDialog::followFileName(const QString& path)
{
    // A file holds what its name says: "flame.png" written while SVG was chosen was SVG text in a
    // .png that no viewer opens. The name's extension chooses the format (and the box shows it);
    // a name without one gets the chosen format's.
    if (const auto named = FigureWriter::formatFromPath(path)) {
        m_format->setCurrentIndex(m_format->findData(int(*named)));
        return path;
    }
    return path + QLatin1Char('.') + FigureWriter::suffixOf(target().format);
}

bool ExportDialog::exportTo(const QString& path, QString* error)
{
    const QString file = followFileName(path);
    const auto figures = m_factory(request());
    std::vector<const Figure*> pointers;
    for (const auto& figure : figures)
        pointers.push_back(figure.get());
    return FigureWriter::write(pointers, file, target(), error);
}

void ExportDialog::copyToClipboard()
{
    const auto figures = m_factory(request());
    if (!figures.empty())
        FigureWriter::copyToClipboard(*figures.front(), target());
}

void ExportDialog::exportWithDialog()
{
    const ExportTarget current = target();
    const QString suffix = FigureWriter::suffixOf(current.format);
    QSettings settings;
    const QString directory = settings.value(QStringLiteral("export/directory"),
                                             QStandardPaths::writableLocation(QStandardPaths::PicturesLocation)).toString();
    QString name = current.title.isEmpty() ? QStringLiteral("runlens") : current.title;
    name.replace(QRegularExpression(QStringLiteral("[^\\w.-]+")), QStringLiteral("-"));
    // Every format on offer, the chosen one selected: the name typed (or the filter picked) decides.
    constexpr ExportFormat kFormats[] = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf};
    const auto filterOf = [](ExportFormat format) {
        const QString each = FigureWriter::suffixOf(format);
        return tr("%1 files (*.%2)").arg(each.toUpper(), each);
    };
    QStringList filters;
    for (const ExportFormat format : kFormats)
        filters.append(filterOf(format));
    QString filter = filterOf(current.format);
    QString path = QFileDialog::getSaveFileName(this, tr("Export"), QDir(directory).filePath(name + QLatin1Char('.') + suffix),
                                                filters.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    for (const ExportFormat format : kFormats) {
        if (!FigureWriter::formatFromPath(path) && filter == filterOf(format))
            path += QLatin1Char('.') + FigureWriter::suffixOf(format);
    }
    QString error;
    if (!exportTo(path, &error)) {
        QMessageBox::warning(this, tr("Export"), error);
        return; // the dialog stays open with every choice kept
    }
    settings.setValue(QStringLiteral("export/directory"), QFileInfo(path).absolutePath());
    settings.setValue(QStringLiteral("export/format"), m_format->currentData());
    settings.setValue(QStringLiteral("export/size"), m_size->currentText());
    settings.setValue(QStringLiteral("export/scale"), int(current.scale));
    settings.setValue(QStringLiteral("export/style"), m_style->currentData());
    accept();
}
