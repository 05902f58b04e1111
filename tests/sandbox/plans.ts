/** Payment plans ("payways"). Every kind has plans; the flags of the list query pick the kind. */
import type { ProxyKind } from "./kinds";
import { isStaticKind, isTrafficKind } from "./kinds";

export interface Plan {
  id: number;
  kind: ProxyKind;
  datacenter: boolean;
  note: string;
  note_en: string;
  days: number;
  price: string;
  value: string;
}

export const PLANS: readonly Plan[] = [
  {
    id: 1,
    kind: "static_ip",
    datacenter: false,
    note: "静态IP 7天",
    note_en: "Static IP, 7 days",
    days: 7,
    price: "3.50",
    value: "-3.50",
  },
  {
    id: 2,
    kind: "static_ip",
    datacenter: false,
    note: "静态IP 30天",
    note_en: "Static IP, 30 days",
    days: 30,
    price: "12.00",
    value: "-12.00",
  },
  {
    id: 3,
    kind: "static_ip",
    datacenter: false,
    note: "静态IP 90天 季度优惠",
    note_en: "",
    days: 90,
    price: "33.00",
    value: "-33.00",
  },
  {
    id: 4,
    kind: "static_ip",
    datacenter: true,
    note: "数据中心静态IP 30天",
    note_en: "Data-centre static IP, 30 days",
    days: 30,
    price: "6.00",
    value: "-6.00",
  },
  {
    id: 5,
    kind: "dynamic_ip",
    datacenter: false,
    note: "动态IP 1天",
    note_en: "Dynamic IP, 1 day",
    days: 1,
    price: "0.99",
    value: "-0.99",
  },
  {
    id: 6,
    kind: "dynamic_ip",
    datacenter: false,
    note: "动态IP 30天",
    note_en: "Dynamic IP, 30 days",
    days: 30,
    price: "19.90",
    value: "-19.90",
  },
  {
    id: 7,
    kind: "dynamic_ip",
    datacenter: false,
    note: "动态IP 免费试用",
    note_en: "Dynamic IP, free trial",
    days: 1,
    price: "0.00",
    value: "0.00",
  },
  {
    id: 8,
    kind: "dynamic_ip",
    datacenter: true,
    note: "数据中心动态IP 30天",
    note_en: "Data-centre dynamic IP, 30 days",
    days: 30,
    price: "9.90",
    value: "-9.90",
  },
  {
    id: 9,
    kind: "static_traffic",
    datacenter: false,
    note: "静态流量 10GB",
    note_en: "Static traffic, 10 GB",
    days: 30,
    price: "25.00",
    value: "-25.00",
  },
  {
    id: 10,
    kind: "static_traffic",
    datacenter: true,
    note: "数据中心静态流量 10GB",
    note_en: "Data-centre static traffic, 10 GB",
    days: 30,
    price: "12.00",
    value: "-12.00",
  },
  {
    id: 11,
    kind: "dynamic_traffic",
    datacenter: false,
    note: "动态流量 1GB",
    note_en: "Dynamic traffic, 1 GB",
    days: 30,
    price: "3.00",
    value: "-3.00",
  },
  {
    id: 12,
    kind: "dynamic_traffic",
    datacenter: false,
    note: "动态流量 50GB 充值赠送",
    note_en: "Dynamic traffic, 50 GB (top-up bonus)",
    days: 90,
    price: "120.00",
    value: "5.00",
  },
  {
    id: 13,
    kind: "dynamic_traffic",
    datacenter: true,
    note: "数据中心动态流量 5GB",
    note_en: "Data-centre dynamic traffic, 5 GB",
    days: 30,
    price: "8.00",
    value: "-8.00",
  },
];

/** Days a time-billed token lasts when no payway_id is sent (paid from the account balance). */
export const BALANCE_DAYS = 30;

export function findPlan(id: number): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** The list query: each flag defaults to false and the plans returned fit exactly that kind. */
export function plansFor(isStatic: boolean, isTraffic: boolean, isDatacenter: boolean): Plan[] {
  return PLANS.filter(
    (p) =>
      isStaticKind(p.kind) === isStatic &&
      isTrafficKind(p.kind) === isTraffic &&
      p.datacenter === isDatacenter,
  );
}

export function planView(p: Plan) {
  return {
    id: p.id,
    note: p.note,
    note_en: p.note_en,
    days: p.days,
    price: p.price,
    value: p.value,
  };
}
