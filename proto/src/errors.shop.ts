import { type ErrorDef, def } from './error-def';

/** Error codes of the shop service (merged into ERRORS). */
export const SHOP_ERRORS = {
  // Catalogue.
  PRODUCT_PRICE_REQUIRED: def(
    400,
    'Give the product a price in tenge, ZP or Altyn Saqa (at least one).',
    'Укажите цену товара в тенге, ZP или Алтын Сака (хотя бы одну).',
    'Тауардың бағасын теңгемен, ZP-мен немесе Алтын Сақамен көрсетіңіз (кемінде біреуін).',
  ),
  CATEGORY_CYCLE: def(
    409,
    'A category cannot be placed inside itself or inside one of its own subcategories. Choose another parent.',
    'Категорию нельзя поместить в саму себя или в её подкатегорию. Выберите другого родителя.',
    'Санатты өзіне немесе өз ішкі санатына орналастыруға болмайды. Басқа ата санатты таңдаңыз.',
  ),
  PICKUP_PROVINCE_NOT_FOUND: def(
    400,
    'There is no region with the id {provinceId}. Choose the region from the list.',
    'Региона с идентификатором {provinceId} нет. Выберите регион из списка.',
    '{provinceId} идентификаторы бар өңір жоқ. Өңірді тізімнен таңдаңыз.',
  ),
  // Cart, wishlist and checkout.
  PRODUCT_NOT_SOLD: def(
    409,
    '"{product}" is not on sale now. Remove it from the cart or choose another product.',
    '«{product}» сейчас не продаётся. Уберите его из корзины или выберите другой товар.',
    '«{product}» қазір сатылмайды. Оны себеттен алып тастаңыз немесе басқа тауар таңдаңыз.',
  ),
  OUT_OF_STOCK: def(
    409,
    'Not enough "{product}" in stock: {available} left, {requested} asked for. Lower the quantity and try again; nothing was charged.',
    'Товара «{product}» не хватает: осталось {available}, запрошено {requested}. Уменьшите количество и попробуйте снова; деньги не списаны.',
    '«{product}» тауары жеткіліксіз: {available} қалды, {requested} сұралды. Санын азайтып, қайталап көріңіз; ақша алынған жоқ.',
  ),
  CART_EMPTY: def(
    409,
    'The cart is empty. Add products to the cart first.',
    'Корзина пуста. Сначала добавьте товары в корзину.',
    'Себет бос. Алдымен себетке тауар қосыңыз.',
  ),
  CART_ITEM_NOT_FOUND: def(
    404,
    'This product is not in your cart.',
    'Этого товара нет в вашей корзине.',
    'Бұл тауар себетіңізде жоқ.',
  ),
  CART_TOO_LARGE: def(
    409,
    'A cart holds at most {max} different products. Check out or remove some first.',
    'В корзине может быть не более {max} разных товаров. Оформите заказ или уберите часть.',
    'Себетте ең көбі {max} түрлі тауар болады. Алдымен тапсырыс беріңіз немесе бірнешеуін алып тастаңыз.',
  ),
  PRODUCT_NOT_SOLD_IN_CURRENCY: def(
    409,
    '"{product}" has no price in {currency}. Pay in another currency or remove it from the cart.',
    'У товара «{product}» нет цены в {currency}. Оплатите в другой валюте или уберите его из корзины.',
    '«{product}» тауарының {currency} бағасы жоқ. Басқа валютамен төлеңіз немесе оны себеттен алып тастаңыз.',
  ),
  PICKUP_POINT_UNAVAILABLE: def(
    409,
    'This pickup point does not accept orders now. Choose another one.',
    'Этот пункт выдачи сейчас не принимает заказы. Выберите другой.',
    'Бұл беру пункті қазір тапсырыс қабылдамайды. Басқасын таңдаңыз.',
  ),
  DELIVERY_CITY_NOT_FOUND: def(
    404,
    'There is no delivery city with the id {cityId}. Choose the city from the list.',
    'Города доставки с идентификатором {cityId} нет. Выберите город из списка.',
    '{cityId} идентификаторы бар жеткізу қаласы жоқ. Қаланы тізімнен таңдаңыз.',
  ),
  // Orders.
  ORDER_TRANSITION_REFUSED: def(
    409,
    'An order that is "{from}" cannot become "{to}". Allowed next: {allowed}.',
    'Заказ в статусе «{from}» нельзя перевести в «{to}». Можно: {allowed}.',
    '«{from}» күйіндегі тапсырысты «{to}» күйіне ауыстыруға болмайды. Рұқсат етілгені: {allowed}.',
  ),
  PICKUP_CODE_MISMATCH: def(
    409,
    'The pickup code does not match this order. Ask the pupil for the 6-digit code shown with the order.',
    'Код получения не совпадает с этим заказом. Попросите ученика назвать 6-значный код из заказа.',
    'Алу коды бұл тапсырысқа сәйкес емес. Оқушыдан тапсырыстағы 6 таңбалы кодты сұраңыз.',
  ),
  RETURN_WINDOW_CLOSED: def(
    409,
    'A return can be asked for within {days} days of receiving the order; this one was received on {receivedOn}.',
    'Возврат можно оформить в течение {days} дней после получения заказа; этот заказ получен {receivedOn}.',
    'Қайтаруды тапсырысты алғаннан кейін {days} күн ішінде рәсімдеуге болады; бұл тапсырыс {receivedOn} алынған.',
  ),
  ORDER_NOT_CANCELLABLE: def(
    409,
    'This order is already paid or closed, so it cannot be cancelled here. Ask for a return instead.',
    'Этот заказ уже оплачен или закрыт, отменить его здесь нельзя. Оформите возврат.',
    'Бұл тапсырыс төленіп қойған немесе жабылған, оны мұнда болдырмауға болмайды. Қайтаруды рәсімдеңіз.',
  ),
  ORDER_NOT_PAYABLE: def(
    409,
    'This order is not waiting for payment (it is "{status}"). Open the order to see where it stands.',
    'Этот заказ не ожидает оплаты (статус «{status}»). Откройте заказ, чтобы увидеть его состояние.',
    'Бұл тапсырыс төлемді күтіп тұрған жоқ (күйі «{status}»). Күйін көру үшін тапсырысты ашыңыз.',
  ),
  USE_ZP_NOT_APPLICABLE: def(
    409,
    'ZP can cover only part of a tenge price. This order is priced in {currency}: pay it from the wallet.',
    'ZP можно зачесть только в цену в тенге. Этот заказ в валюте {currency}: оплатите его из кошелька.',
    'ZP-ны тек теңгедегі бағаға есептеуге болады. Бұл тапсырыс {currency} валютасында: оны әмияннан төлеңіз.',
  ),
  DELIVERY_POINT_UNAVAILABLE: def(
    409,
    'This delivery point does not accept orders now. Choose another one or a delivery address.',
    'Этот пункт доставки сейчас не принимает заказы. Выберите другой или адрес доставки.',
    'Бұл жеткізу пункті қазір тапсырыс қабылдамайды. Басқасын немесе жеткізу мекенжайын таңдаңыз.',
  ),
  RETURN_METHOD_UNAVAILABLE: def(
    409,
    'This way of returning the goods is not available for this order. Choose one of the listed return methods.',
    'Этот способ возврата недоступен для заказа. Выберите один из предложенных способов.',
    'Бұл қайтару тәсілі осы тапсырысқа қолжетімсіз. Ұсынылған тәсілдердің бірін таңдаңыз.',
  ),
  REVIEW_NOT_ALLOWED: def(
    409,
    'A product can be reviewed only after you received it in this order. Review it once the order is delivered or picked up.',
    'Отзыв можно оставить только после получения товара по этому заказу. Оставьте его, когда заказ будет доставлен или получен.',
    'Пікірді тауарды осы тапсырыс бойынша алғаннан кейін ғана қалдыруға болады. Тапсырыс жеткізілген соң немесе алынған соң жазыңыз.',
  ),
  REVIEW_EXISTS: def(
    409,
    'You have already reviewed this product. Each product is reviewed once.',
    'Вы уже оставили отзыв об этом товаре. Об одном товаре можно написать один отзыв.',
    'Сіз бұл тауарға пікір қалдырып қойғансыз. Бір тауарға бір рет пікір жазылады.',
  ),
  ADDRESS_LIMIT: def(
    409,
    'You can keep at most {max} delivery addresses. Delete one you no longer use first.',
    'Можно хранить не более {max} адресов доставки. Сначала удалите ненужный.',
    'Ең көбі {max} жеткізу мекенжайын сақтауға болады. Алдымен қажетсізін жойыңыз.',
  ),
  PRIZE_ALREADY_CLAIMED: def(
    409,
    'This prize has already been claimed. Open its order to follow it.',
    'Этот приз уже получен. Откройте его заказ, чтобы следить за ним.',
    'Бұл жүлде алынып қойған. Оны бақылау үшін тапсырысын ашыңыз.',
  ),
} as const satisfies Record<string, ErrorDef>;
