<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="tr_TR">
<context>
    <name>ChartGrid</name>
    <message>
        <source>Which instance to show: the aggregate of all, or one CPU, disk, interface …</source>
        <translation>Gösterilecek örnek: tümünün toplamı ya da tek bir CPU, disk, ağ arayüzü …</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>Isı haritası</translation>
    </message>
    <message>
        <source>Show every instance (each CPU, disk …) over time as a heat map</source>
        <translation>Her örneği (her CPU, disk …) zaman içinde ısı haritası olarak göster</translation>
    </message>
    <message>
        <source>Remove this chart</source>
        <translation>Bu grafiği kaldır</translation>
    </message>
    <message>
        <source>value</source>
        <translation>değer</translation>
    </message>
    <message>
        <source>all (aggregate)</source>
        <translation>tümü (toplam)</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Runlens opens performance runs recorded by runlens-rec and compares them: time-series charts, flame graphs and summary deltas between a baseline and the other runs.</source>
        <translation>Runlens, runlens-rec ile kaydedilen performans çalıştırmalarını açar ve karşılaştırır: zaman serisi grafikleri, alev grafikleri ve referans çalıştırma ile diğer çalıştırmalar arasındaki özet farklar.</translation>
    </message>
    <message>
        <source>Open the bundled demo runs.</source>
        <translation>Birlikte gelen demo çalıştırmalarını aç.</translation>
    </message>
    <message>
        <source>Run archives (.tar.gz) to open.</source>
        <translation>Açılacak çalıştırma arşivleri (.tar.gz).</translation>
    </message>
    <message>
        <source>Run &apos;runlens --help&apos; for the options.</source>
        <translation>Seçenekler için &apos;runlens --help&apos; komutunu çalıştırın.</translation>
    </message>
</context>
<context>
    <name>HeatMapView</name>
    <message>
        <source>%1: %2, pale %3 to dark %4</source>
        <translation>%1: %2, açık renk %3, koyu renk %4</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Runlens</source>
        <translation>Runlens</translation>
    </message>
    <message>
        <source>Recording on a remote host over SSH is not available in this version yet.</source>
        <translation>SSH üzerinden uzak bir ana makinede kayıt yapma bu sürümde henüz kullanılamıyor.</translation>
    </message>
    <message>
        <source>Open run archives or drop them here to compare them.</source>
        <translation>Karşılaştırmak için çalıştırma arşivlerini açın veya buraya bırakın.</translation>
    </message>
    <message>
        <source>&amp;Open Runs…</source>
        <translation>Çalıştırmaları &amp;Aç…</translation>
    </message>
    <message>
        <source>Open one or more run archives</source>
        <translation>Bir veya daha fazla çalıştırma arşivi aç</translation>
    </message>
    <message>
        <source>&amp;Close All</source>
        <translation>&amp;Tümünü Kapat</translation>
    </message>
    <message>
        <source>Close every open run and return to the welcome page</source>
        <translation>Açık tüm çalıştırmaları kapat ve karşılama sayfasına dön</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Çı&amp;kış</translation>
    </message>
    <message>
        <source>&amp;Welcome Page</source>
        <translation>&amp;Karşılama Sayfası</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>&amp;Tam Ekran</translation>
    </message>
    <message>
        <source>Show &amp;Status Bar</source>
        <translation>&amp;Durum Çubuğunu Göster</translation>
    </message>
    <message>
        <source>&amp;About Runlens</source>
        <translation>Runlens &amp;Hakkında</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>&amp;Qt Hakkında</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Dosya</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Son Açılanlar</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Görünüm</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Yardım</translation>
    </message>
    <message>
        <source>No recent run archives</source>
        <translation>Son açılan çalıştırma arşivi yok</translation>
    </message>
    <message>
        <source>Clear Recent</source>
        <translation>Son Açılanları Temizle</translation>
    </message>
    <message>
        <source>Open Run Archives</source>
        <translation>Çalıştırma Arşivlerini Aç</translation>
    </message>
    <message>
        <source>%1 does not exist. Check the path, or remove it from Open Recent.</source>
        <translation>%1 mevcut değil. Yolu kontrol edin veya Son Açılanlar listesinden kaldırın.</translation>
    </message>
    <message>
        <source>%1 is not a file. Choose a run archive (.tar.gz).</source>
        <translation>%1 bir dosya değil. Bir çalıştırma arşivi (.tar.gz) seçin.</translation>
    </message>
    <message>
        <source>%1 cannot be read: permission denied. Check the file&apos;s permissions.</source>
        <translation>%1 okunamıyor: izin reddedildi. Dosyanın izinlerini kontrol edin.</translation>
    </message>
    <message>
        <source>Some files could not be opened</source>
        <translation>Bazı dosyalar açılamadı</translation>
    </message>
    <message>
        <source>All runs closed.</source>
        <translation>Tüm çalıştırmalar kapatıldı.</translation>
    </message>
    <message>
        <source>About Runlens</source>
        <translation>Runlens Hakkında</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Runlens %1&lt;/h3&gt;&lt;p&gt;Record a host while a workload runs, then compare baseline and tuned runs: system metrics, CPU counters and flame graphs, side by side.&lt;/p&gt;&lt;p&gt;Recordings are made with &lt;code&gt;runlens-rec&lt;/code&gt; on the host under test.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Runlens %1&lt;/h3&gt;&lt;p&gt;Bir iş yükü çalışırken ana makineyi kaydedin, ardından referans ve ayarlanmış çalıştırmaları yan yana karşılaştırın: sistem metrikleri, CPU sayaçları ve alev grafikleri.&lt;/p&gt;&lt;p&gt;Kayıtlar, test edilen ana makinede &lt;code&gt;runlens-rec&lt;/code&gt; ile yapılır.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>This build has no demo runs bundled.</source>
        <translation>Bu derlemede demo çalıştırmaları bulunmuyor.</translation>
    </message>
    <message>
        <source>&amp;Save Session…</source>
        <translation>&amp;Oturumu Kaydet…</translation>
    </message>
    <message>
        <source>Save the open runs, charts, zoom and selection to a .runlens file</source>
        <translation>Açık çalıştırmaları, grafikleri, yakınlaştırmayı ve seçimi bir .runlens dosyasına kaydet</translation>
    </message>
    <message>
        <source>Open runs first: a session remembers the open runs and charts.</source>
        <translation>Önce çalıştırmaları açın: oturum, açık çalıştırmaları ve grafikleri hatırlar.</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>Oturumu Kaydet</translation>
    </message>
    <message>
        <source>Runlens sessions (*.runlens)</source>
        <translation>Runlens oturumları (*.runlens)</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>&amp;Yakınlaştırmayı Sıfırla</translation>
    </message>
    <message>
        <source>Show the whole time range again (also: double-click or Esc in a chart)</source>
        <translation>Tüm zaman aralığını yeniden göster (ayrıca: grafikte çift tıklama veya Esc)</translation>
    </message>
    <message>
        <source>C&amp;lear Selection</source>
        <translation>&amp;Seçimi Temizle</translation>
    </message>
    <message>
        <source>Forget the selected time range (Shift+drag in a chart selects one)</source>
        <translation>Seçili zaman aralığını unut (grafikte Shift+sürükle ile aralık seçilir)</translation>
    </message>
    <message>
        <source>Align Runs by Wall &amp;Clock</source>
        <translation>Çalıştırmaları &amp;Gerçek Saate Göre Hizala</translation>
    </message>
    <message>
        <source>Place runs at their real start times instead of overlaying their starts</source>
        <translation>Çalıştırmaları, başlangıçlarını üst üste bindirmek yerine gerçek başlangıç zamanlarına yerleştir</translation>
    </message>
    <message>
        <source>Run archives and sessions (*.tar.gz *.tgz *.runlens);;All files (*)</source>
        <translation>Çalıştırma arşivleri ve oturumlar (*.tar.gz *.tgz *.runlens);;Tüm dosyalar (*)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>İptal</translation>
    </message>
    <message>
        <source>Stop opening the run archives that are still loading</source>
        <translation>Hâlâ yüklenmekte olan çalıştırma arşivlerinin açılmasını durdur</translation>
    </message>
    <message>
        <source>Opening %1 was cancelled.</source>
        <translation>%1 dosyasının açılması iptal edildi.</translation>
    </message>
    <message>
        <source>%1 is already open.</source>
        <translation>%1 zaten açık.</translation>
    </message>
    <message numerus="yes">
        <source>Opening %n run archive(s)…</source>
        <translation>
            <numerusform>%n çalıştırma arşivi açılıyor…</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened %1 (%2).</source>
        <translation>%1 açıldı (%2).</translation>
    </message>
    <message>
        <source>The session could not be saved to %1: %2.</source>
        <translation>Oturum %1 konumuna kaydedilemedi: %2.</translation>
    </message>
    <message>
        <source>Session saved to %1.</source>
        <translation>Oturum %1 dosyasına kaydedildi.</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation>%1 okunamıyor: %2.</translation>
    </message>
    <message>
        <source>it is not valid JSON (%1)</source>
        <translation>geçerli bir JSON değil (%1)</translation>
    </message>
    <message>
        <source>%1 is not a usable session: %2.</source>
        <translation>%1 kullanılabilir bir oturum değil: %2.</translation>
    </message>
</context>
<context>
    <name>MetricBrowser</name>
    <message>
        <source>Search metrics (name, id or description)…</source>
        <translation>Metriklerde ara (ad, kimlik veya açıklama)…</translation>
    </message>
</context>
<context>
    <name>MetricTreeModel</name>
    <message>
        <source>%1 (%2 of %3 runs)</source>
        <translation>%1 (%2/%3 çalıştırma)</translation>
    </message>
    <message>
        <source>%1
%2 [%3]
Only %4 of the %5 open runs recorded this metric.</source>
        <translation>%1
%2 [%3]
Açık %5 çalıştırmadan yalnızca %4 tanesi bu metriği kaydetti.</translation>
    </message>
    <message>
        <source>%1
%2 [%3]</source>
        <translation>%1
%2 [%3]</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Kimlik</translation>
    </message>
</context>
<context>
    <name>RunListModel</name>
    <message>
        <source>%1
%2
recorded on %3 at %4</source>
        <translation>%1
%2
%3 ana makinesinde %4 tarihinde kaydedildi</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>referans</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Çalıştırma</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referans</translation>
    </message>
    <message>
        <source>Shown</source>
        <translation>Görünür</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Kaydırma</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Ana Makine</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Süre</translation>
    </message>
</context>
<context>
    <name>RunListView</name>
    <message>
        <source>Double-click a name or offset to edit it; Delete removes the selected run.</source>
        <translation>Düzenlemek için bir ada veya kaydırmaya çift tıklayın; Delete tuşu seçili çalıştırmayı kaldırır.</translation>
    </message>
    <message>
        <source>Make Baseline</source>
        <translation>Referans Yap</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Yeniden Adlandır…</translation>
    </message>
    <message>
        <source>Set Offset…</source>
        <translation>Kaydırmayı Ayarla…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Kaldır</translation>
    </message>
</context>
<context>
    <name>RunLoader</name>
    <message>
        <source>%1 is too large to open: not enough memory.</source>
        <translation>%1 açılamayacak kadar büyük: yeterli bellek yok.</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>it is not a Runlens session file</source>
        <translation>bu bir Runlens oturum dosyası değil</translation>
    </message>
    <message>
        <source>it was saved by a newer Runlens; update Runlens to open it</source>
        <translation>daha yeni bir Runlens sürümüyle kaydedilmiş; açmak için Runlens uygulamasını güncelleyin</translation>
    </message>
    <message>
        <source>a run in it has no file</source>
        <translation>içindeki bir çalıştırmanın dosyası yok</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>Runlens</source>
        <translation>Runlens</translation>
    </message>
    <message>
        <source>Record a host while your workload runs, then compare a baseline run with a tuned run metric by metric: CPU states, memory, interrupts, disks, network, CPU counters and flame graphs.</source>
        <translation>İş yükünüz çalışırken ana makineyi kaydedin, ardından referans çalıştırmayı ayarlanmış çalıştırmayla metrik metrik karşılaştırın: CPU durumları, bellek, kesmeler, diskler, ağ, CPU sayaçları ve alev grafikleri.</translation>
    </message>
    <message>
        <source>Open Run Archives…</source>
        <translation>Çalıştırma Arşivlerini Aç…</translation>
    </message>
    <message>
        <source>Open .tar.gz runs recorded by runlens-rec or sent by colleagues. You can also drop them onto this window.</source>
        <translation>runlens-rec ile kaydedilen veya iş arkadaşlarınızın gönderdiği .tar.gz çalıştırmalarını açın. Bunları bu pencereye de bırakabilirsiniz.</translation>
    </message>
    <message>
        <source>Connect to a Host…</source>
        <translation>Bir Ana Makineye Bağlan…</translation>
    </message>
    <message>
        <source>Start a recording on an EC2 instance or any Linux host over SSH and open the run when it is done.</source>
        <translation>SSH üzerinden bir EC2 örneğinde veya herhangi bir Linux ana makinesinde kayıt başlatın ve tamamlandığında çalıştırmayı açın.</translation>
    </message>
    <message>
        <source>Open the Demo Runs</source>
        <translation>Demo Çalıştırmalarını Aç</translation>
    </message>
    <message>
        <source>A baseline and a tuned run of a small workload, to see what a comparison looks like.</source>
        <translation>Bir karşılaştırmanın nasıl göründüğünü görmek için küçük bir iş yükünün referans ve ayarlanmış çalıştırmaları.</translation>
    </message>
    <message>
        <source>Recent run archives</source>
        <translation>Son açılan çalıştırma arşivleri</translation>
    </message>
</context>
</TS>
