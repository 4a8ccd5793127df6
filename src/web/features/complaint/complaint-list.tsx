import { complaintDetailPath, complaintStatuses, complaintStatusLabels, type ComplaintListData, type ComplaintStatus } from '../../../contract/complaint.ts';
import { orderDetailPath } from '../../../contract/order.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { feedbackListUrl } from './complaint-urls.ts';

/** Always a tab; the return's steps and the other endings show once the member has such a complaint. */
const alwaysShown: readonly ComplaintStatus[] = ['pending', 'processing', 'resolved', 'closed'];

/** 全部 / 待处理 / 处理中 / … with counts, as links (the tab lives in the URL). */
export function ComplaintTabs({ list }: { list: ComplaintListData }) {
  const all = complaintStatuses.reduce((sum, status) => sum + list.counts[status], 0);
  const shown = complaintStatuses.filter((status) => alwaysShown.includes(status) || list.counts[status] > 0 || status === list.status);
  const tabs = [
    { status: null, label: '全部', count: all },
    ...shown.map((status) => ({ status, label: complaintStatusLabels[status], count: list.counts[status] })),
  ];
  return (
    <nav className="complaint-tabs" aria-label="投诉状态">
      {tabs.map((tab) => (
        <a
          key={tab.label}
          href={feedbackListUrl({ status: tab.status })}
          className={tab.status === list.status ? 'complaint-tabs__tab complaint-tabs__tab--active' : 'complaint-tabs__tab'}
          aria-current={tab.status === list.status ? 'page' : undefined}
        >
          {tab.label}
          <span className="complaint-tabs__count">{tab.count}</span>
        </a>
      ))}
    </nav>
  );
}

/** The member's complaints of the tab, newest first, each linking to its detail. */
export function ComplaintList({ list }: { list: ComplaintListData }) {
  if (list.complaints.length === 0) {
    return <p className="complaint-list__empty">{list.status ? `暂无${complaintStatusLabels[list.status]}的投诉` : '您还没有提交过售后投诉'}</p>;
  }
  return (
    <>
      <table className="complaint-list">
        <thead>
          <tr>
            <th scope="col">投诉编号</th>
            <th scope="col">订单号</th>
            <th scope="col">商品</th>
            <th scope="col">问题类型</th>
            <th scope="col">提交时间</th>
            <th scope="col">状态</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {list.complaints.map((complaint) => (
            <tr key={complaint.id} data-testid="complaint-row">
              <td>
                <a href={complaintDetailPath(complaint.id)}>{complaint.complaintNo}</a>
              </td>
              <td>
                <a href={orderDetailPath(complaint.orderNo)}>{complaint.orderNo}</a>
              </td>
              <td>
                <span className="complaint-list__code">{complaint.productCode}</span>
                <span className="complaint-list__name">{complaint.productName}</span>
                {complaint.photoCount > 0 ? <span className="complaint-list__photos">{complaint.photoCount}张图片</span> : null}
              </td>
              <td>{complaint.typeLabel}</td>
              <td>{complaint.createdAtStr.slice(0, 16)}</td>
              <td>
                <span className={`complaint-status complaint-status--${complaint.status}`}>{complaint.statusLabel}</span>
              </td>
              <td>
                <a href={complaintDetailPath(complaint.id)}>查看详情</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        hrefFor={(page) => feedbackListUrl({ status: list.status, page })}
        unit="条投诉"
      />
    </>
  );
}
