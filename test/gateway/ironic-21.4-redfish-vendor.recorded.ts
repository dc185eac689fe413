/**
 * Answers of Ironic 21.4.4 (Debian bookworm's 21.4.4-0+deb12u2, noauth, json-rpc, sqlite) with
 * `enabled_hardware_types = redfish,fake-hardware` and `enabled_vendor_interfaces =
 * fake,no-vendor,redfish`, to vendor passthru requests on `redfish` nodes of this project's BMC
 * simulator (its root service as `redfish_address`, `redfish_system_id` naming the system, the
 * simulator's BMC written `{bmc}`, node UUIDs `{uuid}`, the subscription's id `{id}`):
 *
 * - `IRONIC_REDFISH_VENDOR_METHODS`: `GET /v1/nodes/{node}/vendor_passthru/methods`;
 * - `IRONIC_REDFISH_SUBSCRIPTIONS`: a subscription created (`POST ?method=create_subscription`
 *   `{"Destination": "https://collector.example/events", "Context": "rack 7"}`), listed, read and
 *   deleted (GET and DELETE with `{"id": …}` in the body), deleted and read again once gone, and read
 *   without an id: status and body (a refusal's `faultstring`);
 * - `IRONIC_REDFISH_VENDOR_CASES`: requests on another node, status and body or `faultstring`.
 *
 * sushy 4.3.3 maps a BMC's `EventTypesForSubscription` to `EventType` members, which no string
 * equals: Ironic refuses every non-empty `EventTypes`. It prints them as a set, whose order varies
 * from process to process; recorded here in sushy's order. `eject_vmedia` was answered 202 with an
 * empty body and ejected the simulator's virtual CD; it then set `last_error` to `Async execution
 * of eject_vmedia failed with error: An auth plugin is required to determine endpoint URL` (its
 * clean-up of ISO images reaches for Swift, which this standalone deployment lacks).
 */
export interface RecordedRedfishVendorCase {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly query: string;
  readonly body: unknown;
  readonly status: number;
  readonly answer: string;
}

export const IRONIC_REDFISH_VENDOR_METHODS: Record<string, unknown> = {
  "create_subscription": {
    "http_methods": [
      "POST"
    ],
    "async": false,
    "description": "Creates a subscription on a node. Required argument: a dictionary of {'Destination': 'destination_url'}",
    "attach": false,
    "require_exclusive_lock": true
  },
  "delete_subscription": {
    "http_methods": [
      "DELETE"
    ],
    "async": false,
    "description": "Delete a subscription on a node. Required argument: a dictionary of {'id': 'subscription_bmc_id'}",
    "attach": false,
    "require_exclusive_lock": true
  },
  "eject_vmedia": {
    "http_methods": [
      "POST"
    ],
    "async": true,
    "description": "Eject a virtual media device. If no device is provided then all attached devices will be ejected. Optional arguments: 'boot_device' - the boot device to eject, either 'cd', 'dvd', 'usb', or 'floppy'",
    "attach": false,
    "require_exclusive_lock": true
  },
  "get_all_subscriptions": {
    "http_methods": [
      "GET"
    ],
    "async": false,
    "description": "Returns all subscriptions on the node.",
    "attach": false,
    "require_exclusive_lock": true
  },
  "get_subscription": {
    "http_methods": [
      "GET"
    ],
    "async": false,
    "description": "Get a subscription on the node. Required argument: a dictionary of {'id': 'subscription_bmc_id'}",
    "attach": false,
    "require_exclusive_lock": true
  }
};

export const IRONIC_REDFISH_SUBSCRIPTIONS: Record<string, { readonly status: number; readonly answer: string }> = {
  "create": {
    "status": 200,
    "answer": "{\"Id\": \"{id}\", \"Destination\": \"https://collector.example/events\", \"Protocol\": \"Redfish\", \"Context\": \"rack 7\", \"EventTypes\": [\"Alert\"]}"
  },
  "all": {
    "status": 200,
    "answer": "{\"@odata.type\": \"#EventDestinationCollection.EventDestinationCollection\", \"@odata.id\": \"/redfish/v1/EventService/Subscriptions\", \"Name\": \"Event Subscriptions Collection\", \"Members@odata.count\": 1, \"Members\": [{\"@odata.id\": \"/redfish/v1/EventService/Subscriptions/{id}\"}]}"
  },
  "get": {
    "status": 200,
    "answer": "{\"Id\": \"{id}\", \"Destination\": \"https://collector.example/events\", \"Protocol\": \"Redfish\", \"Context\": \"rack 7\", \"EventTypes\": [\"Alert\"]}"
  },
  "delete": {
    "status": 200,
    "answer": "null"
  },
  "delete_again": {
    "status": 404,
    "answer": "Redfish exception occurred. Error: Redfish delete_subscription failed for subscription {id} on node {uuid}. Error: Resource {bmc}/redfish/v1/EventService/Subscriptions/{id} not found"
  },
  "get_missing": {
    "status": 500,
    "answer": "Redfish exception occurred. Error: Redfish get_subscription failed for subscription {id} on node {uuid}. Error: Resource {bmc}/redfish/v1/EventService/Subscriptions/{id} not found"
  },
  "get_no_id": {
    "status": 500,
    "answer": "can only concatenate str (not \"NoneType\") to str"
  }
};

export const IRONIC_REDFISH_VENDOR_CASES: readonly RecordedRedfishVendorCase[] = [
  {
    "name": "GET on a POST method",
    "method": "GET",
    "query": "?method=create_subscription",
    "body": null,
    "status": 400,
    "answer": "The method create_subscription does not support HTTP GET"
  },
  {
    "name": "POST on a GET method",
    "method": "POST",
    "query": "?method=get_all_subscriptions",
    "body": {},
    "status": 400,
    "answer": "The method get_all_subscriptions does not support HTTP POST"
  },
  {
    "name": "no Destination",
    "method": "POST",
    "query": "?method=create_subscription",
    "body": {},
    "status": 400,
    "answer": "Destination None is not a valid URI"
  },
  {
    "name": "Context not a string",
    "method": "POST",
    "query": "?method=create_subscription",
    "body": {
      "Destination": "https://c.example",
      "Context": 7
    },
    "status": 400,
    "answer": "Context 7 is not a valid string"
  },
  {
    "name": "EventTypes the BMC does not offer",
    "method": "POST",
    "query": "?method=create_subscription",
    "body": {
      "Destination": "https://c.example",
      "EventTypes": [
        "Weather"
      ]
    },
    "status": 400,
    "answer": "EventTypes ['Weather'] is not a valid value, allowed values {<EventType.STATUS_CHANGE: 'StatusChange'>, <EventType.RESOURCE_UPDATED: 'ResourceUpdated'>, <EventType.RESOURCE_ADDED: 'ResourceAdded'>, <EventType.RESOURCE_REMOVED: 'ResourceRemoved'>, <EventType.ALERT: 'Alert'>}"
  },
  {
    "name": "delete without id",
    "method": "DELETE",
    "query": "?method=delete_subscription",
    "body": {},
    "status": 400,
    "answer": "id can't be None"
  },
  {
    "name": "eject a boot_device",
    "method": "POST",
    "query": "?method=eject_vmedia",
    "body": {
      "boot_device": "cd"
    },
    "status": 400,
    "answer": "Boot device cd is not a valid value "
  },
  {
    "name": "unknown method",
    "method": "POST",
    "query": "?method=reboot_bmc",
    "body": {},
    "status": 400,
    "answer": "No handler for method reboot_bmc"
  },
  {
    "name": "Destination without a scheme",
    "method": "POST",
    "query": "?method=create_subscription",
    "body": {
      "Destination": "collector.example/events"
    },
    "status": 400,
    "answer": "Destination collector.example/events is not a valid URI"
  },
  {
    "name": "Protocol not a string",
    "method": "POST",
    "query": "?method=create_subscription",
    "body": {
      "Destination": "https://c.example",
      "Protocol": false
    },
    "status": 400,
    "answer": "Protocol False is not a string"
  },
  {
    "name": "HttpHeaders not a list",
    "method": "POST",
    "query": "?method=create_subscription",
    "body": {
      "Destination": "https://c.example",
      "HttpHeaders": {
        "a": "b"
      }
    },
    "status": 400,
    "answer": "HttpHeaders {'a': 'b'} is not a list of headers"
  },
  {
    "name": "EventTypes not a list",
    "method": "POST",
    "query": "?method=create_subscription",
    "body": {
      "Destination": "https://c.example",
      "EventTypes": "Alert"
    },
    "status": 400,
    "answer": "EventTypes Alert is not a valid value, allowed values {<EventType.STATUS_CHANGE: 'StatusChange'>, <EventType.RESOURCE_UPDATED: 'ResourceUpdated'>, <EventType.RESOURCE_ADDED: 'ResourceAdded'>, <EventType.RESOURCE_REMOVED: 'ResourceRemoved'>, <EventType.ALERT: 'Alert'>}"
  },
  {
    "name": "a protocol the BMC refuses",
    "method": "POST",
    "query": "?method=create_subscription",
    "body": {
      "Destination": "https://c.example",
      "Protocol": "SNMPv2c"
    },
    "status": 500,
    "answer": "Redfish exception occurred. Error: Failed to create subscription on node {uuid}. Subscription payload: {'Destination': 'https://c.example', 'Protocol': 'SNMPv2c', 'Context': '', 'EventTypes': ['Alert']}. Error: HTTP POST {bmc}/redfish/v1/EventService/Subscriptions returned code 400. Base.1.18.PropertyValueNotInList: The value 'SNMPv2c' for the property Protocol is not in the list of acceptable values. Extended information: [{'@odata.type': '#Message.v1_1_1.Message', 'MessageId': 'Base.1.18.PropertyValueNotInList', 'Message': \"The value 'SNMPv2c' for the property Protocol is not in the list of acceptable values.\", 'MessageArgs': ['SNMPv2c', 'Protocol'], 'MessageSeverity': 'Warning', 'Resolution': 'Choose a value from the enumeration list that the implementation can support and resubmit the request if the operation failed.'}]"
  },
  {
    "name": "EventTypes the BMC offers",
    "method": "POST",
    "query": "?method=create_subscription",
    "body": {
      "Destination": "https://c.example",
      "EventTypes": [
        "Alert"
      ]
    },
    "status": 400,
    "answer": "EventTypes ['Alert'] is not a valid value, allowed values {<EventType.STATUS_CHANGE: 'StatusChange'>, <EventType.RESOURCE_UPDATED: 'ResourceUpdated'>, <EventType.RESOURCE_ADDED: 'ResourceAdded'>, <EventType.RESOURCE_REMOVED: 'ResourceRemoved'>, <EventType.ALERT: 'Alert'>}"
  }
];
