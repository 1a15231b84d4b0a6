// The shop's orders, kept in memory: an example, not a database.
export type OrderStatus = 'awaiting payment' | 'paid' | 'payment failed';

export interface Order {
  id: number;
  reference: string;
  item: string;
  amount: string;
  status: OrderStatus;
  paymentId?: string;
}

export class Orders {
  private readonly byId = new Map<number, Order>();
  private next = 1;

  create(item: string, amount: string): Order {
    const id = this.next++;
    const order: Order = {
      id,
      reference: `ORD-${String(id).padStart(4, '0')}`,
      item,
      amount,
      status: 'awaiting payment',
    };
    this.byId.set(id, order);
    return order;
  }

  get(id: number): Order | undefined {
    return this.byId.get(id);
  }

  byPayment(paymentId: string): Order | undefined {
    return [...this.byId.values()].find((order) => order.paymentId === paymentId);
  }
}
