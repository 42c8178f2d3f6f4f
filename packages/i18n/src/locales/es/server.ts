import type { ServerTexts } from '../en-US/server';

const server: ServerTexts = {
  common: {
    success: 'Operación exitosa',
  },
  errors: {
    unauthorized: 'Primero inicia sesión en tu cuenta',
    forbidden: 'No tienes permiso para realizar esta acción',
    notFound: 'No encontrado',
    systemBusy: 'El sistema está ocupado. Inténtalo de nuevo más tarde.',
    busy: 'Ahora mismo se están atendiendo demasiadas solicitudes. Inténtalo de nuevo en unos segundos.',
    serviceUnavailable: 'El servicio no está disponible temporalmente. Inténtalo de nuevo en un momento.',
    loginFailed: 'La cuenta o la contraseña son incorrectas',
    accountExists: 'Esta cuenta ya está registrada',
    accountNotFound: 'Esta cuenta no está registrada',
    codeInvalid: 'El código de verificación es incorrecto o ha caducado',
    codeTooSoon: 'Espera {{seconds}} segundos antes de solicitar otro código',
    smsUnavailable: 'Por ahora no se pueden enviar códigos a números móviles. Utilice su correo electrónico.',
    emailUnavailable:
      'Por ahora no se pueden enviar códigos por correo electrónico. Utilice su número móvil.',
    inviteCodeUnknown: 'Este código de invitación no existe',
    tooManyAttempts: 'Demasiados intentos. Inténtalo de nuevo en {{minutes}} minutos.',
    idempotencyConflict:
      'Esta solicitud ya se envió con otros datos. Revisa tus registros antes de volver a intentarlo.',
    idempotencyInProgress: 'Esta solicitud aún se está procesando. Espera un momento y vuelve a intentarlo.',
  },
  mail: {
    codeSubject: 'Tu código de verificación de Kestrel',
    codeBody:
      'Tu código de verificación es {{code}}. Es válido durante 10 minutos. Si no lo has solicitado, puedes ignorar este mensaje.',
    codeSms: '[Kestrel] Tu código de verificación es {{code}}, válido durante 10 minutos.',
    accountExistsSubject: 'Ya tienes una cuenta de Kestrel',
    accountExistsBody:
      'Alguien, probablemente tú, ha pedido crear una cuenta de Kestrel con esta dirección, pero ya tiene una. Inicia sesión o restablece tu contraseña con «¿Olvidaste tu contraseña?» en la página de inicio de sesión. Si no has sido tú, puedes ignorar este mensaje.',
    accountExistsSms:
      '[Kestrel] Este número ya tiene una cuenta de Kestrel. Inicia sesión o usa «¿Olvidaste tu contraseña?» para restablecerla.',
  },
  backOffice: {
    accountFrozen: 'Tu cuenta ha sido congelada. Ponte en contacto con el servicio de atención al cliente.',
    signedIn: 'Sesión iniciada',
    totpEnabled: 'La verificación en dos pasos está activada',
    errors: {
      loginFailed: 'El correo electrónico o la contraseña son incorrectos',
      totpRequired: 'Introduce el código de 6 dígitos de tu app de autenticación',
      totpInvalid: 'El código de autenticación es incorrecto o ha caducado',
      totpEnrolmentRequired: 'Configura la verificación en dos pasos antes de continuar',
      roleForbidden: 'Tu rol no permite esta acción',
      adminDisabled: 'Esta cuenta de administración ha sido desactivada',
      lastSuperAdmin: 'No se puede degradar ni desactivar al último superadministrador',
      adminExists: 'Ya existe una cuenta de administración con este correo electrónico',
      totpNotStarted: 'Primero inicia la configuración del autenticador',
      totpAlreadyEnabled: 'La verificación en dos pasos ya está activada',
      reviewNotPending: 'Este elemento ya ha sido revisado',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: 'Este banner ya no existe',
        imageInvalid: 'Elige una imagen subida para banners',
        orderMismatch: 'Los banners cambiaron mientras tanto; recarga e inténtalo de nuevo',
        limitReached: 'Como máximo {{max}} banners',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer: 'Usted dio la primera aprobación. Otro revisor debe dar la segunda.',
      },
    },
    admins: {
      resetTotp: {
        ownAccount: 'No puedes restablecer tu propio autenticador. Pídeselo a otro superadministrador.',
      },
    },
  },
  profile: {
    nicknameReserved: 'Este apodo está reservado o se parece a un nombre reservado. Elija otro.',
    avatarInvalid: 'Vuelve a subir la foto de perfil',
  },
  security: {
    wrongPassword: 'Contraseña incorrecta',
  },
  uploads: {
    missing: 'Elige una imagen',
    notImage: 'Este archivo no es una imagen compatible. Sube una imagen JPEG, PNG o WebP.',
    tooManyPixels: 'La imagen tiene demasiados píxeles. El máximo es 40 megapíxeles.',
    damaged: 'La imagen está dañada y no se puede leer.',
    rateLimited: 'Demasiadas subidas. Inténtalo de nuevo en {{minutes}} minutos.',
  },
  inbox: {
    unknownDevice: 'Dispositivo desconocido',
    withdrawalsNeedIdentity: 'Para retirar, completa primero la verificación de identidad.',
    withdrawalsOpen: 'Puedes retirar a cualquier billetera o tarjeta bancaria aprobada por nuestro equipo.',
    errors: {
      messageNotFound: 'Este mensaje no existe o ha sido eliminado',
    },
    events: {
      depositApproved: {
        title: 'Depósito abonado',
        body: 'Su depósito de {{amount}} {{asset}} ha sido aprobado y abonado en su cuenta.',
      },
      depositRejected: {
        title: 'Depósito no aprobado',
        body: 'Su depósito de {{amount}} {{asset}} no fue aprobado.\nMotivo: {{reason}}\nSi cree que es un error, contacte con el servicio de atención al cliente.',
      },
      withdrawalCompleted: {
        title: 'Retiro completado',
        body: 'Su retiro fue enviado: {{amount}} {{asset}} va en camino a su cuenta.',
      },
      withdrawalRejected: {
        title: 'Retiro no aprobado',
        body: 'Su retiro de {{amount}} {{asset}} no fue aprobado y el monto volvió a su saldo disponible.\nMotivo: {{reason}}',
      },
      systemAdd: {
        title: 'Se añadieron fondos a tu cuenta',
        body: 'La plataforma añadió {{amount}} {{asset}} a tu cuenta.',
      },
      systemDebit: {
        title: 'Se descontaron fondos de tu cuenta',
        body: 'La plataforma descontó {{amount}} {{asset}} de tu cuenta. Contacta con atención al cliente si tienes alguna pregunta.',
      },
      welcome: {
        title: 'Bienvenido a Kestrel',
        body: 'Tu cuenta está lista: ya puedes depositar y operar. {{withdrawals}} Nunca compartas tu contraseña ni tus códigos de verificación con nadie, ni siquiera con el personal de Kestrel.',
      },
      newLogin: {
        title: 'Nuevo inicio de sesión en tu cuenta',
        body: 'Se inició sesión en tu cuenta el {{time}}.\nDispositivo: {{device}}\nDirección IP: {{ip}}\nSi no fuiste tú, cambia tu contraseña de inmediato.',
      },
      bankCardApproved: {
        title: 'Tarjeta bancaria vinculada',
        body: 'Su tarjeta bancaria {{card}} de {{bank}} ha sido aprobada. Ya puede retirar a ella.',
      },
      bankCardRejected: {
        title: 'Tarjeta bancaria no aprobada',
        body: 'Su tarjeta bancaria {{card}} de {{bank}} no fue aprobada.\nMotivo: {{reason}}\nPuede eliminarla y vincular la tarjeta de nuevo con los datos corregidos.',
      },
      walletApproved: {
        title: 'Billetera vinculada',
        body: 'Su billetera de {{chain}} {{address}} ha sido aprobada. Ya puede retirar a ella.',
      },
      walletRejected: {
        title: 'Billetera no aprobada',
        body: 'Su billetera de {{chain}} {{address}} no fue aprobada.\nMotivo: {{reason}}\nPuede eliminarla y vincularla de nuevo con una nueva captura de pantalla.',
      },
      identityApproved: {
        title: 'Identidad verificada',
        body: 'Tu verificación de identidad ha sido aprobada. Tu cuenta ya está verificada.',
      },
      identityRejected: {
        title: 'Verificación de identidad fallida',
        body: 'Tu verificación de identidad no ha sido aprobada.\nMotivo: {{reason}}\nPuedes corregir tus datos y enviarlos de nuevo.',
      },
    },
  },
  bankCards: {
    errors: {
      limitReached: 'Ha alcanzado el número máximo de tarjetas bancarias. Elimine una para añadir otra.',
      duplicate: 'Esta tarjeta ya está vinculada a su cuenta',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached: 'Ha alcanzado el número máximo de billeteras. Elimine una para añadir otra.',
      duplicate: 'Esta dirección ya está vinculada en esta red',
      screenshotInvalid: 'No se encontró la captura de pantalla. Súbala de nuevo.',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: 'Las transferencias bancarias para esta moneda aún no están disponibles',
      networkUnavailable: 'Los depósitos en esta red aún no están disponibles',
      credentialInvalid: 'No se encontró el comprobante de transferencia. Súbalo de nuevo.',
      belowMinimum: 'El depósito mínimo es {{minimum}} {{asset}}',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable:
        'Esta cuenta de retiro no está disponible. Elija una billetera o tarjeta bancaria aprobada.',
      networkUnavailable: 'Los retiros de esta moneda a esta cuenta no están disponibles',
      outOfRange: 'El monto debe estar entre {{min}} y {{max}} {{asset}}',
      identityRequired:
        'Verifica tu identidad antes de retirar: completa primero la verificación de identidad',
    },
  },
  identity: {
    errors: {
      alreadyVerified: 'Tu identidad ya está verificada y no se puede cambiar',
      underReview: 'Tus documentos están en revisión. Espera el resultado.',
      imageInvalid: 'No se encontró la imagen del documento. Vuelve a subirla.',
    },
  },
  realtime: {
    tooManyChannels: 'Puedes seguir como máximo {{max}} canales en vivo a la vez.',
  },
  markets: {
    errors: {
      priceStale: 'Los precios no están disponibles temporalmente. Inténtelo de nuevo en unos momentos.',
      unavailable:
        'El trading en este mercado no está disponible por un momento. Inténtelo de nuevo en unos instantes.',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice: 'Todavía no hay precio para este perpetuo. Inténtelo de nuevo en unos momentos.',
        aboveBracket:
          'Esta orden llevaría su posición más allá de lo que permite {{leverage}}x. Reduzca el apalancamiento o el tamaño.',
        explainSubject:
          'Indique una posición (lado) o un borrador de orden (acción, tipo y tamaño) para explicar.',
      },
    },
    positions: {
      errors: {
        none: 'No tiene ninguna posición abierta de este lado en este mercado.',
        triggerWrongSide:
          'En un largo, el take profit debe estar por encima del precio de entrada y el stop loss por debajo; al revés en un corto.',
        triggerBeyondLiquidation:
          'El stop loss no puede estar más allá del precio de liquidación ({{price}}).',
        notIsolated: 'Solo se puede añadir o retirar margen de una posición aislada.',
        marginTooLow: 'Puede retirar como máximo {{max}} USDT de margen de esta posición.',
      },
    },
    markets: {
      saved: 'Perpetuo guardado',
      errors: {
        unknown: 'Este perpetuo no existe',
        bracketsInvalid:
          'Cada tramo necesita un límite mayor que el anterior, un apalancamiento máximo no mayor y una tasa de margen de mantenimiento no menor',
      },
    },
    settings: {
      saved: 'Configuración de futuros guardada',
      errors: {
        leverageTooHigh:
          'Este mercado permite como máximo {{max}}x de apalancamiento para el tamaño de su posición',
        marginModeLocked:
          'Cierre sus posiciones y cancele sus órdenes abiertas en este mercado antes de cambiar su modo de margen',
      },
    },
  },
  options: {
    bought: 'Compra realizada',
    saved: 'Producto guardado',
    errors: {
      productUnknown: 'Este producto no existe',
      periodUnknown: 'Este producto no tiene un periodo de esta duración',
      directionRequired: 'Elija subida o bajada',
      orderUnknown: 'Esta orden no existe',
      productClosed: 'Este producto está cerrado a nuevas órdenes',
      stakeOutOfRange: 'El importe debe estar entre {{min}} y {{max}} {{asset}}',
      roundClosed: 'La compra para esta ronda ha cerrado. Compre en la siguiente ronda.',
      openOrdersCap: 'Puede tener como máximo {{max}} órdenes abiertas en este producto',
      dailyLossCap: 'Esta orden llevaría sus pérdidas de hoy por encima del límite de {{max}} {{asset}}',
      productExists: 'Este mercado ya tiene un producto',
      periodsInvalid:
        'Cada periodo necesita su propia duración, una apuesta máxima no inferior a la mínima y un cierre de compra más corto que el periodo',
    },
  },
  earn: {
    subscribed: 'Suscrito',
    redeemed: 'Rescatado',
    saved: 'Producto guardado',
    errors: {
      productUnknown: 'Este producto no existe',
      orderUnknown: 'Esta orden no existe',
      notOnSale: 'Este producto no está a la venta ahora',
      belowMinimum: 'Lo mínimo que puede suscribir es {{min}} {{asset}}',
      aboveUserMax: 'Puede tener como máximo {{max}} {{asset}} en este producto',
      quotaExhausted: 'Solo quedan {{left}} {{asset}} de este producto',
      redemptionNotAllowed: 'Este producto no se puede rescatar antes de su vencimiento',
      redemptionChanged: 'El importe que recibiría ha cambiado. Revíselo de nuevo.',
      orderNotActive: 'Esta orden ya no está activa',
      amountPrecision: 'Los importes en {{asset}} admiten como máximo {{places}} decimales',
      productInvalid:
        'Revise el producto: el máximo por usuario no inferior al mínimo, la cuota no inferior al máximo y el fin de la venta posterior a su inicio',
    },
  },
  missions: {
    rewardClaimed: 'Recompensa reclamada',
    saved: 'Tarea guardada',
    errors: {
      missionUnknown: 'Esta tarea no existe',
      notFinished: 'Completa esta tarea antes de reclamar su recompensa',
      alreadyClaimed: 'Ya has reclamado esta recompensa',
      expired: 'El plazo para reclamar esta recompensa ha terminado',
      identityRequired: 'Verifica tu identidad para reclamar recompensas',
    },
  },
  referral: {
    saved: 'Ajustes de referidos guardados',
  },
  membership: {
    saved: 'Niveles de membresía guardados',
    errors: {
      levelsInvalid:
        'El nivel 0 no debe exigir nada; cada nivel debe exigir más volumen o más saldo que el anterior, con descuentos no menores y por debajo del 100 %',
    },
  },
  support: {
    sent: 'Mensaje enviado',
    saved: 'Guardado',
    notice: {
      agentReplied: {
        title: 'Atención al cliente ha respondido',
        body: 'El agente {{agent}} ha respondido a tu mensaje. Abre el chat de atención para leerlo.',
      },
    },
  },
  menus: {
    errors: {
      routeClash: 'La ruta {{route}} choca con la ruta de la app {{fixed}}',
      routeDuplicate: 'La ruta {{route}} ya la usa otra entrada',
      tooDeep: 'Una entrada hija no puede tener hijas propias',
      screenUnknown: '{{path}} no es una de las pantallas de la app',
      linkInsecure: 'Un enlace debe ser una dirección https://',
    },
  },
  demo: {
    errors: {
      notAllowed:
        'No disponible en una cuenta demo: sus fondos son virtuales y nunca se mezclan con dinero real. Cambia a tu cuenta real para hacerlo.',
      demoOnly: 'Solo una cuenta demo puede hacer esto',
    },
  },
};

export default server;
