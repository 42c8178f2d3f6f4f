import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Este campo no puede estar vacío',
    emailIncorrect: 'Correo electrónico incorrecto',
    passwordLength: 'La contraseña debe tener entre 8 y 64 caracteres',
    parameterError: 'Error de parámetros',
  },
  money: {
    errors: {
      amountInvalid: 'Error de importe',
      assetUnknown: 'Esta moneda no es compatible',
    },
  },
  deposit: {
    types: {
      crypto: 'Transferencia cripto',
      bank: 'Transferencia bancaria',
    },
    receipt: 'Comprobante de transferencia',
    accounts: {
      spot: 'Cuenta spot',
      futures: 'Cuenta de futuros',
    },
  },
  assets: {
    accounts: {
      spot: 'Cuenta spot',
      futures: 'Cuenta de futuros',
    },
  },
  markets: {
    simulated: 'Simulado',
  },
  swap: {
    completeInformation: 'Se requiere información completa',
    status: {
      waiting: 'Esperando depósito',
      confirming: 'Confirmando',
      exchanging: 'Intercambiando',
      sending: 'Enviando',
      completed: 'Completado',
      expired: 'Caducado',
      cancelled: 'Cancelado',
      refunding: 'Reembolsando',
      refunded: 'Reembolsado',
      review: 'En revisión',
    },
    payStatus: {
      inPayment: 'En pago',
      paymentSuccessful: 'Pago exitoso',
      paymentCancelled: 'Pago cancelado',
      canceled: 'Cancelado',
    },
    errors: {
      pairUnknown: 'Este par no se puede intercambiar',
      amountOutOfRange: 'El importe debe estar entre {{min}} y {{max}} {{asset}}',
      quoteUnknown: 'Esta cotización no existe. Solicite una nueva cotización.',
      quoteExpired: 'Esta cotización ha caducado. Solicite una nueva cotización.',
      orderUnknown: 'Esta orden no existe',
      notCancellable: 'Esta orden ya no se puede cancelar',
      memoNotSupported: 'Esta red no usa memo',
      memoInvalid: 'El memo puede tener hasta 64 letras, dígitos, espacios, guiones y guiones bajos',
      refundAddressRequired: 'Una tasa fija requiere una dirección de reembolso',
      stateConflict: 'No es posible en el estado actual de la orden',
      approvalSameOperator: 'Un segundo operador debe aprobar este pago',
      approvalRequired: 'Este pago necesita primero la aprobación de un segundo operador',
      pairInvalid: 'El mínimo debe valer al menos cinco comisiones de red y no puede superar el máximo',
      extendedKeyInvalid: 'Esta no es una clave pública extendida válida para esta red',
      extendedKeyPrivate:
        'Esta es una clave privada. Nunca introduzca aquí una clave privada: introduzca la clave pública extendida.',
      coinNotReady: 'Los depósitos en esta red aún no están configurados',
      txHashInvalid: 'Introduzca el hash de la transacción tal como lo muestra el explorador de bloques',
    },
  },
  support: {
    validation: {
      textTooLong: 'Un mensaje puede tener hasta 2.000 caracteres',
      shortcutInvalid: 'Un atajo tiene hasta 32 minúsculas, dígitos y guiones',
      englishRequired: 'El texto en inglés (en-US) es obligatorio',
    },
    errors: {
      visitorUnknown: 'Este chat ha terminado. Inicie uno nuevo.',
      imageUnknown: 'Esta imagen no existe',
      conversationUnknown: 'Esta conversación no existe',
      cannedReplyUnknown: 'Esta respuesta predefinida no existe',
    },
  },
  content: {
    validation: {
      slugInvalid: 'Un identificador tiene hasta 80 minúsculas, dígitos y guiones',
      titleTooLong: 'El título es demasiado largo',
      bodyTooLong: 'El texto es demasiado largo',
      englishRequired: 'La versión en inglés (en-US) es obligatoria',
    },
    errors: {
      articleUnknown: 'Este artículo no existe',
      categoryUnknown: 'Esta categoría no existe',
      slugTaken: 'Este slug ya está en uso',
      articleFixed:
        'Esta página forma parte de la plataforma: conserva su slug y su tipo y no se puede eliminar',
      categoryMismatch: 'Un artículo de ayuda necesita una categoría; las noticias y las páginas no tienen',
      englishKept:
        'La versión en inglés (en-US) es la alternativa de los demás idiomas y no se puede eliminar',
      translationUnknown: 'Esta traducción no existe',
    },
  },
  menus: {
    errors: {
      dataInvalid: 'La configuración de esta entrada no corresponde a su plantilla',
      templateUnknown: 'Plantilla desconocida',
      titleTooLong: 'Un título de menú puede tener hasta 60 caracteres',
      englishRequired: 'El título en inglés (en-US) es obligatorio',
      routeInvalid: 'Una ruta va en minúsculas, empieza por / y tiene como máximo tres partes',
      tooMany: 'Un menú puede tener hasta 100 entradas',
    },
  },
};

export default shared;
