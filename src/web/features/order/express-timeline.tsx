import type { OrderEvent } from '../../../contract/order.ts';
import { useExpressInfo } from './use-express-info.ts';

/** Events as a timeline, the first one highlighted (newest first for logistics). */
export function EventTimeline({ events, label }: { events: OrderEvent[]; label: string }) {
  return (
    <ol className="event-timeline" aria-label={label}>
      {events.map((event, index) => (
        <li key={`${String(event.at)}-${String(index)}`} className={index === 0 ? 'event-timeline__item event-timeline__item--latest' : 'event-timeline__item'}>
          <time className="event-timeline__time" dateTime={new Date(event.at).toISOString()}>
            {event.atStr}
          </time>
          <span className="event-timeline__text">{event.text}</span>
        </li>
      ))}
    </ol>
  );
}

/** 物流信息: the carrier, the tracking number and the carrier's events, newest first. */
export function ExpressTimeline({ orderNo }: { orderNo: string }) {
  const { state, retry } = useExpressInfo(orderNo);
  if (state.kind === 'loading') return <p className="order-muted">物流信息加载中…</p>;
  if (state.kind === 'failed') {
    return (
      <p className="order-muted" role="alert">
        {state.message}
        <button type="button" className="link-button order-link" onClick={retry}>
          重试
        </button>
      </p>
    );
  }
  const { info } = state;
  return (
    <div className="express" data-testid="express-info">
      <p className="express__carrier">
        {info.carrierName}
        {info.trackingNo ? <span className="express__no">运单号：{info.trackingNo}</span> : <span className="express__no">暂无运单号</span>}
      </p>
      {info.events.length === 0 ? (
        <p className="order-muted">暂无物流信息，商品出库后可查看物流进度</p>
      ) : (
        <EventTimeline events={info.events} label="物流信息" />
      )}
    </div>
  );
}
