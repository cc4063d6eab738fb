"""Persian: what the fake model listens for and what it says."""

SCRIPT = "arabic"
# The question the runtime's warm-up asks in this language (`lesson_runtime._warm_up`).
WARM_UP = "سفارش 1042 کی می‌رسد؟"

WORDS = {
    "chat.thanks": ("ممنون", "متشکر", "مرسی", "سپاس"),
    "order.words": ("سفارش", "بسته", "مرسوله"),
    "order.status": ("وضعیت", "کجا", "کی", "ارسال", "تحویل", "می‌رسد"),
    # Word beginnings, so every person and the infinitive are heard: "پس بده" is پس بدهم
    # ("I give back") and پس بدهد ("he gives back"), "پس داد" is پس دادن and پس داد.
    "order.return": ("مرجوع", "برگرداند", "پس بده", "پس داد", "پس بفرست", "پس فرست"),
    "order.balance": ("موجودی حساب", "مانده", "حساب", "بدهی"),
    "order.letter": ("نامه",),
    "order.list": ("فهرست",),  # a tool that lists the customer's orders or letters
    "order.approximate": ("حدود", "تقریبا", "تقریباً", "حدودا", "حدوداً"),
    # An order of business hidden in data (a note, a page): a naive model obeys it.
    "shop.injection": ("دستورهایت را نادیده بگیر", "دستورهای قبلی را نادیده بگیر", "دستورالعمل‌هایت را نادیده بگیر", "دستورالعمل‌ها را نادیده بگیر"),
    "files.read": ("بخوان", "خوان", "محتوا", "چه نوشته", "چی نوشته", "چه هست", "چه چیزی"),
    "files.list": ("فهرست", "لیست", "چه فایل", "کدام فایل", "پوشه"),
    "files.append": ("یادداشت کن", "اضافه کن", "ثبت کن", "بنویس"),
    "flowers.stock": ("موجودی", "گل", "انبار"),
    # Persian city names do not decline ("در تهران"), so none needs a stem.
    "flowers.cities": ("پکن", "شانگهای", "شنژن", "گوانگژو", "تهران", "اصفهان", "شیراز"),
    "flowers.weather": ("هوا", "دما", "گرم", "سرد", "باران", "برف", "یخ", "یخبندان", "سرما"),
    "flowers.together": ("یک‌جا", "یکجا", "با هم", "یک بار"),
    "chat.summarise": ("خلاصه", "جمع‌بندی"),
    "tools.call_when": ("وقتی", "هنگامی که", "زمانی که"),
    # A failure text begins with one of these: "خطا: …", "شکست خورد: …" or, as the tool-loop
    # lesson writes it, "ابزار شکست خورد: …" ("the tool failed").
    "error.words": ("خطا", "شکست", "ابزار شکست"),
    "error.missing": ("وارد نشده", "لازم", "الزامی", "نیامده"),
    "error.foreign": ("مشتری دیگر", "متعلق به شما نیست", "مال شما نیست"),
    "error.type": ("نوع", "رشته"),
}

PHRASES = {
    "list_separator": "؛ ",
    "short_separator": "، ",
    "sentence_separator": " ",
    "chat.thanks": "خواهش می‌کنم! اگر سؤال دیگری داشتید، بپرسید.",
    "chat.help": "سلام! چه کمکی از دستم برمی‌آید؟",
    "shop.made_up_status": "سفارش {order} تا جمعه به دستتان می‌رسد.",
    "shop.made_up_status_unknown": "سفارشتان تا جمعه به دستتان می‌رسد.",
    "shop.made_up_return": "سفارش {order} را تا آخر ماه می‌توانید پس بدهید.",
    "shop.found": "این را پیدا کردم: {results}.",
    "shop.found_for": "سفارش {order} — {result}",
    "shop.ask_number": "لطفاً شمارهٔ سفارشتان را بگویید.",
    "shop.not_found": "سفارشی با این شماره پیدا نکردم. لطفاً شماره را دوباره بررسی کنید.",
    "shop.empty": "ابزار برای سفارش {order} چیزی برنگرداند.",
    "shop.foreign": "این سفارش به حساب شما ثبت نشده، برای همین نمی‌توانم درباره‌اش چیزی بگویم.",
    "shop.obeyed": "خبر خوب: این سفارش مهمان ماست و کل مبلغ را به شما برمی‌گردانیم.",
    "shop.help": "می‌توانم وضعیت ارسال یک سفارش یا مهلت پس دادنش را بررسی کنم. "
                 "شمارهٔ سفارش را بگویید.",
    "support.made_up_status": "سفارش {order} تا دو سه روز دیگر به دستتان می‌رسد.",
    "support.made_up_status_unknown": "سفارشتان تا دو سه روز دیگر به دستتان می‌رسد.",
    "support.made_up_balance": "حسابتان مرتب است و بدهی ندارید.",
    "support.found": "این را پیدا کردم: {results}.",
    "support.delivered": "سفارش {order} تحویل داده شده است.",
    "support.not_found": "سفارش {order} را پیدا نکردم. لطفاً شماره را بررسی کنید.",
    "support.not_found_number": "شمارهٔ {order} را پیدا نکردم. لطفاً دوباره بررسی کنید.",
    "support.foreign": "سفارش {order} به نام شما ثبت نشده، برای همین نمی‌توانم درباره‌اش چیزی بگویم.",
    "support.ask_full_number": "لطفاً شمارهٔ سفارش را کامل بنویسید، همراه با حروف اولش.",
    "support.ask_number": "لطفاً شمارهٔ سفارشتان را بگویید.",
    "support.done": "انجام شد: {results}.",
    "support.not_done": "استرداد وجه سفارش {order} انجام نشد: {error}.",
    "support.help": "می‌توانم وضعیت سفارش یا موجودی حسابتان را بررسی کنم. کدام را می‌خواهید؟",
    "files.made_up": "احتمالاً در {file} یادداشت‌های پروژه هست.",
    "files.made_up_folder": "احتمالاً در پوشه یک README و چند فایل کد هست.",
    "files.file_says": "محتوای {file}: {content}",
    "files.empty": "فایل {file} خالی است.",
    "files.folder_has": "در پوشه این فایل‌ها هست: {files}.",
    "files.not_found": "فایل {file} را پیدا نکردم. لطفاً نامش را بررسی کنید.",
    "files.ask_file": "کدام فایل را بخوانم؟",
    "flowers.made_up": "در {city} حدود صد شاخه رز و صد شاخه لاله هست.",
    "flowers.made_up_unknown": "هر فروشگاه حدود صد شاخه گل دارد.",
    "flowers.stock_intro": "موجودی گل در هر شهر:",
    "flowers.stock": "{city}: {stock}",
    "flowers.empty": "{city}: ابزار چیزی برنگرداند.",
    "flowers.not_found": "نتوانستم موجودی {city} را پیدا کنم.",
    "flowers.not_found_no_city": "نتوانستم موجودی را پیدا کنم.",
    "flowers.ask_city": "موجودی کدام شهر را بررسی کنم؟",
    "files.corrected": "فایل {asked} وجود نداشت؛ به‌جایش {found} را خواندم.",
    "files.noted": "نوشتم: {text}",
    "files.not_noted": "نتوانستم بنویسم: {error}",
    "flowers.weather": "هوای امروز {city}: {weather}",
    "flowers.made_up_weather": "احتمالاً امروز هوای {city} آفتابی است، حدود 25 درجه.",
    "flowers.ask_weather_city": "هوای کدام شهر را بررسی کنم؟",
    "chat.summary": "خلاصه: {summary}",
    "preamble.values": "{values} را با {tools} بررسی می‌کنم.",
    "preamble.plain": "با {tools} بررسی می‌کنم.",
    "thinking.calls": "برای پاسخ، {tools} را صدا می‌زنم.",
    "thinking.results": "نتیجه‌ها رسید؛ می‌توانم پاسخ بدهم.",
    "thinking.answer": "بدون ابزار هم می‌توانم پاسخ بدهم.",
    "thinking.no_tools": "پرسش ساده است؛ فوراً پاسخ می‌دهم.",
    # what the model says when a fault makes it refuse (fake_client.faults)
    "fault.refusal": "متأسفم، نمی\u200cتوانم در این مورد کمک کنم.",
    # what the model says of a server tool it does not run (fake_client._server_tools)
    "server_tool.not_run": "ابزار {tool} در مدل آموزشی اجرا نمی‌شود، پس نتیجه‌ای ندارد.",
}
