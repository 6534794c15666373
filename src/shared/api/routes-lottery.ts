/**
 * The raffle's routes, in a module of their own: only the raffle pages load them (routes.ts is
 * part of every page's first load).
 */
/** The lucky-draw raffle: everything under `/api/rest/lottery/`. */
export const LOTTERY_API = {
  getJsapiSignature: { method: 'GET', path: '/api/rest/lottery/tLottery/getJsapiSignature' },
  getLotteryInfo: { method: 'GET', path: '/api/rest/lottery/tLottery/getLotteryInfo' },
  lottery: { method: 'GET', path: '/api/rest/lottery/tLottery/lottery' },
  getMyLotteryTimes: { method: 'GET', path: '/api/rest/lottery/tLottery/getMyLotteryTimes' },
  myPrize: { method: 'GET', path: '/api/rest/lottery/tLottery/myPrize' },
  prizeInfo: { method: 'GET', path: '/api/rest/lottery/tLottery/prizeInfo' },
  shareLog: { method: 'GET', path: '/api/rest/lottery/tLottery/shareLog' },
  exchangeLotteryTimes: { method: 'GET', path: '/api/rest/lottery/tLottery/exchangeLotteryTimes' },
  receiveAward: { method: 'POST', path: '/api/rest/lottery/tLottery/receiveAward' },
  checkLottery: { method: 'GET', path: '/api/rest/lottery/tLottery/checkLottery' },
  writeOffOperation: { method: 'GET', path: '/api/rest/lottery/lotteryManger/writeOffOperation' },
  getLotteryDataInfo: { method: 'GET', path: '/api/rest/lottery/tLottery/getLotteryDataInfo' },
  getLotteryTimes: { method: 'GET', path: '/api/rest/lottery/tLottery/getLotteryTimes' },
  getMyKwbeansWingingLog: { method: 'GET', path: '/api/rest/lottery/tLottery/getMyKwbeansWingingLog' },
  managerDataInfo: { method: 'GET', path: '/api/rest/lottery/lotteryManger/getLotteryDataInfo' },
  winLogList: { method: 'POST', path: '/api/rest/lottery/lotteryManger/winLogList' },
  lotteryInviteUsers: { method: 'POST', path: '/api/rest/lottery/tLottery/lotteryInviteUsers' },
  acceptInvite: { method: 'POST', path: '/api/rest/lottery/tLottery/acceptInvite' },
} as const;

/** The raffle's shipping address book: the signed-in user's own addresses. */
export const ADDRESS_API = {
  list: { method: 'GET', path: '/api/rest/lottery/address/list' },
  add: { method: 'POST', path: '/api/rest/lottery/address/add' },
  update: { method: 'POST', path: '/api/rest/lottery/address/update' },
  delete: { method: 'POST', path: '/api/rest/lottery/address/delete' },
  setDefault: { method: 'POST', path: '/api/rest/lottery/address/setDefault' },
} as const;
