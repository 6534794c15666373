import type { Generated } from 'kysely';
import type { OrderState } from '../../shared/mall-rules';

/** The WeChat mall (migration 0018). */
export interface MallTables {
  mall_products: {
    id: Generated<number>;
    name: string;
    description: string;
    image_urls: string;
    price_fen: number;
    stock: number;
    sold: Generated<number>;
    max_per_order: number;
    on_sale: number;
    position: number;
    created_at: number;
    updated_at: number;
  };
  mall_cart_items: { user_id: number; product_id: number; quantity: number; updated_at: number };
  mall_orders: {
    id: Generated<number>;
    order_no: string;
    user_id: number;
    request_id: string;
    state: OrderState;
    total_fen: number;
    item_count: number;
    address: string;
    remark: string;
    pay_by: number;
    prepay_id: string | null;
    payer_openid: string | null;
    transaction_id: string | null;
    cancel_reason: 'buyer' | 'expired' | null;
    carrier: string | null;
    tracking_no: string | null;
    refund_no: string | null;
    created_at: number;
    updated_at: number;
  };
  mall_order_lines: { order_id: number; product_id: number; name: string; image_url: string; price_fen: number; quantity: number };
  mall_order_events: { order_id: number; state: OrderState; at: number; actor_id: number | null };
  mall_payers: { user_id: number; app_id: string; openid: string; created_at: number };
  mall_pay_notices: { id: string; event_type: string; order_no: string; received_at: number };
}
