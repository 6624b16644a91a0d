//! Payment providers. The embedded default is the dev provider: its checkout is a local page
//! on which the candidate confirms the payment, so the flow works on one machine. WeChat Pay
//! and Alipay implement the same trait later; their payment notices end in `orders::mark_paid`.


pub trait PaymentProvider: Send + Sync {
    fn name(&self) -> &'static str;
    /// Where the candidate goes to pay the order.
    fn checkout_url(&self, order_no: &str) -> String;
}

pub struct DevPayment;

impl PaymentProvider for DevPayment {
    fn name(&self) -> &'static str {
        "dev"
    }

    fn checkout_url(&self, order_no: &str) -> String {
        format!("/dev/pay/{order_no}")
    }
}

