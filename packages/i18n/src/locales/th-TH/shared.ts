import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'เนื้อหาต้องไม่เว้นว่าง',
    emailIncorrect: 'อีเมลไม่ถูกต้อง',
    passwordLength: 'รหัสผ่านต้องมีความยาว 8 ถึง 64 ตัวอักษร',
    parameterError: 'พารามิเตอร์ไม่ถูกต้อง',
  },
  money: {
    errors: {
      amountInvalid: 'จำนวนเงินไม่ถูกต้อง',
      assetUnknown: 'ไม่รองรับเหรียญนี้',
    },
  },
  deposit: {
    types: {
      crypto: 'โอนคริปโต',
      bank: 'โอนผ่านธนาคาร',
    },
    receipt: 'หลักฐานการโอน',
    accounts: {
      spot: 'บัญชีสปอต',
      futures: 'บัญชีฟิวเจอร์ส',
    },
  },
  assets: {
    accounts: {
      spot: 'บัญชีสปอต',
      futures: 'บัญชีฟิวเจอร์ส',
    },
  },
  markets: {
    simulated: 'จำลอง',
  },
  swap: {
    completeInformation: 'กรุณากรอกข้อมูลให้ครบถ้วน',
    status: {
      waiting: 'รอการฝาก',
      confirming: 'กำลังยืนยัน',
      exchanging: 'กำลังแลกเปลี่ยน',
      sending: 'กำลังส่ง',
      completed: 'เสร็จสมบูรณ์',
      expired: 'หมดอายุ',
      cancelled: 'ยกเลิกแล้ว',
      refunding: 'กำลังคืนเงิน',
      refunded: 'คืนเงินแล้ว',
      review: 'อยู่ระหว่างตรวจสอบ',
    },
    payStatus: {
      inPayment: 'กำลังชำระเงิน',
      paymentSuccessful: 'ชำระเงินสำเร็จ',
      paymentCancelled: 'ยกเลิกการชำระเงิน',
      canceled: 'ยกเลิกแล้ว',
    },
    errors: {
      pairUnknown: 'คู่นี้ไม่สามารถแลกเปลี่ยนได้',
      amountOutOfRange: 'จำนวนต้องอยู่ระหว่าง {{min}} ถึง {{max}} {{asset}}',
      quoteUnknown: 'ไม่มีใบเสนอราคานี้ กรุณาขอใบเสนอราคาใหม่',
      quoteExpired: 'ใบเสนอราคานี้หมดอายุแล้ว กรุณาขอใบเสนอราคาใหม่',
      orderUnknown: 'ไม่มีคำสั่งนี้',
      notCancellable: 'คำสั่งนี้ไม่สามารถยกเลิกได้อีกแล้ว',
      memoNotSupported: 'เครือข่ายนี้ไม่ใช้บันทึกช่วยจำ (memo)',
      memoInvalid: 'memo มีได้สูงสุด 64 ตัวอักษร ประกอบด้วยตัวอักษร ตัวเลข ช่องว่าง ขีดกลาง และขีดล่าง',
      refundAddressRequired: 'อัตราคงที่ต้องมีที่อยู่สำหรับคืนเงิน',
      stateConflict: 'ไม่สามารถทำได้ในสถานะปัจจุบันของคำสั่ง',
      approvalSameOperator: 'การจ่ายเงินนี้ต้องได้รับอนุมัติจากผู้ดูแลคนที่สอง',
      approvalRequired: 'การจ่ายเงินนี้ต้องได้รับอนุมัติจากผู้ดูแลคนที่สองก่อน',
      pairInvalid: 'ขั้นต่ำต้องมีมูลค่าอย่างน้อยห้าเท่าของค่าธรรมเนียมเครือข่าย และต้องไม่เกินขั้นสูงสุด',
      extendedKeyInvalid: 'นี่ไม่ใช่กุญแจสาธารณะแบบขยายที่ถูกต้องสำหรับเครือข่ายนี้',
      extendedKeyPrivate: 'นี่คือกุญแจส่วนตัว ห้ามป้อนกุญแจส่วนตัวที่นี่เด็ดขาด กรุณาป้อนกุญแจสาธารณะแบบขยาย',
      coinNotReady: 'ยังไม่ได้ตั้งค่าการฝากบนเครือข่ายนี้',
      txHashInvalid: 'ป้อนแฮชธุรกรรมตามที่ตัวสำรวจบล็อกแสดง',
    },
  },
  support: {
    validation: {
      textTooLong: 'ข้อความมีได้สูงสุด 2,000 ตัวอักษร',
      shortcutInvalid: 'คำย่อมีได้สูงสุด 32 ตัว ประกอบด้วยตัวพิมพ์เล็ก ตัวเลข และขีดกลาง',
      englishRequired: 'ต้องมีข้อความภาษาอังกฤษ (en-US)',
    },
    errors: {
      visitorUnknown: 'แชทนี้สิ้นสุดแล้ว โปรดเริ่มแชทใหม่',
      imageUnknown: 'ไม่มีรูปภาพนี้',
      conversationUnknown: 'ไม่มีการสนทนานี้',
      cannedReplyUnknown: 'ไม่มีข้อความตอบกลับสำเร็จรูปนี้',
    },
  },
  content: {
    validation: {
      slugInvalid: 'ตัวระบุมีได้สูงสุด 80 ตัว ประกอบด้วยตัวพิมพ์เล็ก ตัวเลข และขีดกลาง',
      titleTooLong: 'ชื่อเรื่องยาวเกินไป',
      bodyTooLong: 'เนื้อหายาวเกินไป',
      englishRequired: 'ต้องมีฉบับภาษาอังกฤษ (en-US)',
    },
    errors: {
      articleUnknown: 'ไม่มีบทความนี้',
      categoryUnknown: 'ไม่มีหมวดหมู่นี้',
      slugTaken: 'สลักนี้ถูกใช้แล้ว',
      articleFixed: 'หน้านี้เป็นส่วนหนึ่งของแพลตฟอร์ม: สลักและประเภทเปลี่ยนไม่ได้และลบไม่ได้',
      categoryMismatch: 'บทความช่วยเหลือต้องมีหมวดหมู่ ส่วนข่าวและหน้าไม่มีหมวดหมู่',
      englishKept: 'ฉบับภาษาอังกฤษ (en-US) เป็นฉบับสำรองของทุกภาษาและลบไม่ได้',
      translationUnknown: 'ไม่มีคำแปลนี้',
    },
  },
  menus: {
    errors: {
      dataInvalid: 'การตั้งค่าของรายการนี้ไม่ตรงกับเทมเพลต',
      templateUnknown: 'ไม่รู้จักเทมเพลตนี้',
      titleTooLong: 'ชื่อเมนูมีได้สูงสุด 60 ตัวอักษร',
      englishRequired: 'ต้องมีชื่อภาษาอังกฤษ (en-US)',
      routeInvalid: 'เส้นทางต้องเป็นตัวพิมพ์เล็ก ขึ้นต้นด้วย / และมีไม่เกินสามส่วน',
      tooMany: 'เมนูมีได้สูงสุด 100 รายการ',
    },
  },
};

export default shared;
